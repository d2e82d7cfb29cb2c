import {
  listQuestions,
  type Answer,
  type CarriedQuestion,
  type CarryForwardPreview,
  type CarryForwardSummary,
  type FrameworkDocument,
  type Question,
} from '@tenantry/shared';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { describeValue } from './answer-draft.ts';

/**
 * How the assessor's screen tells of carrying an assessment forward to a newer framework
 * version (docs/assessments.md, "Carrying forward"): the counts, what happens to each
 * question, and the answers set aside in the record.
 */

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * "12 answers carried as they are · 3 to review · 2 set aside (kept in the record) · 4 new
 * questions": what a carry-forward does (or did) to the answers.
 */
export function carryCountsText(counts: CarryForwardPreview['counts']): string {
  return [
    `${plural(counts.carried, 'answer')} carried as ${counts.carried === 1 ? 'it is' : 'they are'}`,
    `${counts.review} to review`,
    `${counts.setAside} set aside (kept in the record)`,
    plural(counts.added, 'new question'),
  ].join(' · ');
}

/** A changed field of a question as the preview names it (framework diff, docs/content.md). */
const FIELD_LABELS: Record<string, string> = {
  title: 'Wording',
  type: 'Type',
  options: 'Answer settings',
  weight: 'Weight',
  naAllowed: 'N/A allowed',
  description: 'Description',
  guidance: 'Guidance',
  tags: 'Tags',
  playbooks: 'Playbooks',
  target: 'Target',
  parent: 'Moved',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** What happens to one question's answer, as a badge says it. */
export function carriedOutcome(q: CarriedQuestion): { label: string; color: string } {
  if (q.outcome === 'added') return { label: 'New, unanswered', color: 'blue' };
  if (!q.answered) return { label: 'Not answered', color: 'gray' };
  if (q.outcome === 'set_aside') return { label: 'Answer set aside', color: 'orange' };
  return { label: 'Answer kept, to review', color: 'yellow' };
}

/** "Carried forward from v1 to v2 on 3 Mar 2026 by Robin Park". */
export function carriedText(
  c: Pick<CarryForwardSummary, 'fromVersion' | 'toVersion' | 'at' | 'by'>,
) {
  return `Carried forward from v${c.fromVersion} to v${c.toVersion} on ${formatDate(c.at)}${c.by ? ` by ${c.by}` : ''}`;
}

/** "It can be undone until 6 Mar 2026, 10:00, while nobody answers." */
export function undoText(c: Pick<CarryForwardSummary, 'undoUntil'>): string {
  return `It can be undone until ${formatDateTime(c.undoUntil)}, while nobody answers.`;
}

function isAnswerValue(v: unknown): v is Answer['value'] {
  return (
    v === null ||
    typeof v === 'string' ||
    typeof v === 'number' ||
    (Array.isArray(v) && v.every((x) => typeof x === 'string'))
  );
}

/**
 * A set-aside answer as a person reads it: through its question (of the version it was given
 * on) when known, as the screen shows answers; else as it is stored.
 */
export function readableValue(value: unknown, na: boolean, question?: Question): string {
  if (question && isAnswerValue(value)) return describeValue(question, value, na);
  if (na) return 'Not applicable';
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) {
    return 'No answer';
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** The questions of a document by key. */
export function questionsByKey(doc: Pick<FrameworkDocument, 'sections'> | undefined) {
  return new Map((doc ? listQuestions(doc) : []).map((e) => [e.question.key, e.question]));
}
