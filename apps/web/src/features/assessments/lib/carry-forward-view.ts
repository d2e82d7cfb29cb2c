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
import { t } from '../messages.ts';

/**
 * How the assessor's screen tells of carrying an assessment forward to a newer framework
 * version (docs/assessments.md, "Carrying forward"): the counts, what happens to each
 * question, and the answers set aside in the record.
 */

/**
 * "12 answers carried as they are · 3 to review · 2 set aside (kept in the record) · 4 new
 * questions": what a carry-forward does (or did) to the answers.
 */
export function carryCountsText(counts: CarryForwardPreview['counts']): string {
  return [
    t('carry.counts.carried', { count: counts.carried }),
    t('carry.counts.review', { count: counts.review }),
    t('carry.counts.setAside', { count: counts.setAside }),
    t('carry.counts.added', { count: counts.added }),
  ].join(' · ');
}

/** A changed field of a question as the preview names it (framework diff, docs/content.md). */
const FIELD_LABELS = {
  // i18n-ignore: a catalogue key
  title: 'carry.field.title',
  type: 'carry.field.type',
  options: 'carry.field.options',
  weight: 'carry.field.weight',
  naAllowed: 'carry.field.naAllowed',
  // i18n-ignore: a catalogue key
  description: 'carry.field.description',
  guidance: 'carry.field.guidance',
  tags: 'carry.field.tags',
  playbooks: 'carry.field.playbooks',
  target: 'carry.field.target',
  parent: 'carry.field.parent',
} as const;

export function fieldLabel(field: string): string {
  return Object.hasOwn(FIELD_LABELS, field)
    ? t(FIELD_LABELS[field as keyof typeof FIELD_LABELS])
    : field;
}

/** What happens to one question's answer, as a badge says it. */
export function carriedOutcome(q: CarriedQuestion): { label: string; color: string } {
  if (q.outcome === 'added') return { label: t('carry.outcome.added'), color: 'blue' };
  if (!q.answered) return { label: t('carry.outcome.notAnswered'), color: 'gray' };
  if (q.outcome === 'set_aside') return { label: t('carry.outcome.setAside'), color: 'orange' };
  return { label: t('carry.outcome.review'), color: 'yellow' };
}

/** "Carried forward from v1 to v2 on 3 Mar 2026 by Robin Park". */
export function carriedText(
  c: Pick<CarryForwardSummary, 'fromVersion' | 'toVersion' | 'at' | 'by'>,
) {
  const values = { from: c.fromVersion, to: c.toVersion, date: formatDate(c.at), by: c.by ?? '' };
  return c.by ? t('carry.doneBy', values) : t('carry.done', values);
}

/** "It can be undone until 6 Mar 2026, 10:00, while nobody answers." */
export function undoText(c: Pick<CarryForwardSummary, 'undoUntil'>): string {
  return t('carry.undoUntil', { date: formatDateTime(c.undoUntil) });
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
  if (na) return t('answer.na');
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) {
    return t('answer.none');
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** The questions of a document by key. */
export function questionsByKey(doc: Pick<FrameworkDocument, 'sections'> | undefined) {
  return new Map((doc ? listQuestions(doc) : []).map((e) => [e.question.key, e.question]));
}
