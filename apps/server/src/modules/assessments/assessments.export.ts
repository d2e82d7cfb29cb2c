/**
 * An assessment's answers as a CSV file (docs/assessments.md, "Exports"): one row per question
 * in scope, in the framework's order, answered or not, with the answer as a person reads it,
 * the score, whether it is a gap, the note, and who answered when. Spreadsheet-safe (lib/csv.ts).
 */
import {
  QUESTION_TYPE_LABELS,
  readableValue,
  type Answer,
  type FrameworkDocument,
} from '@tenantry/shared';
import type { TenantContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { fileNameOf, toCsv, type CsvCell } from '../../lib/csv.ts';
import { getAssessment } from './assessments.service.ts';

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
