/**
 * An assessment's answers as a CSV file (docs/assessments.md, "Exports"): one row per question
 * in scope, in the framework's order, answered or not, with the answer as a person reads it,
 * the score, whether it is a gap, the note, and who answered when. Spreadsheet-safe (lib/csv.ts).
 */
import {
  QUESTION_TYPE_LABELS,
  type Answer,
  type FrameworkDocument,
  type Question,
} from '@tenantry/shared';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { fileNameOf, toCsv, type CsvCell } from '../../lib/csv.ts';
import { getAssessment } from './assessments.service.ts';

const YES_NO: Record<string, string> = { yes: 'Yes', partial: 'Partial', no: 'No' };

/** The answer's value as a person reads it ("2 – Repeatable", "Low; High", "15 days"). */
export function readableValue(q: Question, value: Answer['value']): string {
  if (value === null) return '';
  switch (q.type) {
    case 'yes_no':
      return YES_NO[String(value)] ?? String(value);
    case 'maturity':
      return `${String(value)} – ${q.levels[Number(value)] ?? ''}`;
    case 'single_choice':
      return q.options.find((o) => o.key === value)?.label ?? String(value);
    case 'multiple_choice':
      return (Array.isArray(value) ? value : [value])
        .map((k) => q.options.find((o) => o.key === k)?.label ?? String(k))
        .join('; ');
    case 'number':
      return q.unit ? `${String(value)} ${q.unit}` : String(value);
    case 'text':
      return String(value);
  }
}

const HEADER = [
  'Section',
  'Section title',
  'Question',
  'Question title',
  'Type',
  'Answer',
  'Not applicable',
  'Score (%)',
  'Gap',
  'Note',
  'Answered by',
  'Answered at',
] as const;

function* rowsOf(
  doc: FrameworkDocument,
  answers: Map<string, Answer>,
  gaps: Set<string>,
): Generator<CsvCell[]> {
  const walk = function* (sections: FrameworkDocument['sections']): Generator<CsvCell[]> {
    for (const s of sections) {
      for (const q of s.questions) {
        const a = answers.get(q.key);
        yield [
          s.key,
          s.title,
          q.key,
          q.title,
          QUESTION_TYPE_LABELS[q.type],
          a ? readableValue(q, a.value) : '',
          a ? a.na : '',
          a?.score == null ? '' : Math.round(a.score * 1000) / 10,
          gaps.has(q.key),
          a?.note ?? '',
          a?.answeredBy.name ?? '',
          a?.answeredAt ?? '',
        ];
      }
      yield* walk(s.sections);
    }
  };
  yield* walk(doc.sections);
}

/** The CSV file of an assessment's answers and its file name. */
export async function answersCsv(
  db: Database,
  scope: TenantContext,
  id: string,
): Promise<{ fileName: string; csv: string }> {
  const a = await getAssessment(db, scope, id);
  const answers = new Map(a.answers.map((x) => [x.questionKey, x]));
  return {
    fileName: fileNameOf(`${a.name} answers`, 'csv'),
    csv: toCsv(HEADER, rowsOf(a.document, answers, new Set(a.progress.gaps))),
  };
}
