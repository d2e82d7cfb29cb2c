/**
 * Last period's answers carried into an assessment, read with the assessment (docs/assessments.md,
 * "Confirming last period's answers"): each carried row and its state against the current answer
 * — to confirm, confirmed unchanged, changed — and the counts per section and overall, for the
 * reader's part (the assessment's scope, or a respondent's sections).
 */
import {
  sameAsCarried,
  type CarriedAnswer,
  type CarriedCounts,
  type CarriedState,
  type CarriedSummary,
} from '@tenantry/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.ts';
import { assessmentCarriedAnswers } from '../../../db/schema/assessments.ts';
import type { QuestionInfo } from '../assessments.framework.ts';

export type CarriedRow = typeof assessmentCarriedAnswers.$inferSelect;

/** The carried rows of one assessment (its account in the query). */
export function readCarriedRows(
  db: Database | Tx,
  ref: { accountId: string; assessmentId: string },
): Promise<CarriedRow[]> {
  return db
    .select()
    .from(assessmentCarriedAnswers)
    .where(
      and(
        eq(assessmentCarriedAnswers.assessmentId, ref.assessmentId),
        eq(assessmentCarriedAnswers.accountId, ref.accountId),
      ),
    )
    .orderBy(asc(assessmentCarriedAnswers.questionKey));
}

const zero = (): CarriedCounts => ({ toConfirm: 0, confirmed: 0, changed: 0 });
const COUNT_OF: Record<CarriedState, keyof CarriedCounts> = {
  to_confirm: 'toConfirm',
  confirmed: 'confirmed',
  changed: 'changed',
};

/** A question's state against its carried answer (the answer as stored now, or none). */
export function carriedState(
  carried: Pick<CarriedRow, 'value' | 'na'>,
  answer: { value: unknown; na: boolean } | undefined,
): CarriedState {
  if (!answer) return 'to_confirm';
  return sameAsCarried(answer, { value: carried.value ?? null, na: carried.na })
    ? 'confirmed'
    : 'changed';
}

/**
 * The carried answers of the questions in `questions` (the reader's part), with their states
 * against `answers` (by question key) and the counts per section (every section above a
 * carried question) and overall.
 */
export function carriedSummary(
  rows: readonly CarriedRow[],
  answers: ReadonlyMap<string, { value: unknown; na: boolean }>,
  questions: ReadonlyMap<string, Pick<QuestionInfo, 'path'>>,
  previousAssessmentId: string | null,
): CarriedSummary {
  const counts = zero();
  const sections: Record<string, CarriedCounts> = {};
  const out: CarriedAnswer[] = [];
  for (const row of rows) {
    const info = questions.get(row.questionKey);
    if (!info) continue;
    const state = carriedState(row, answers.get(row.questionKey));
    const field = COUNT_OF[state];
    counts[field] += 1;
    for (const key of info.path) (sections[key] ??= zero())[field] += 1;
    out.push({
      questionKey: row.questionKey,
      value: row.value ?? null,
      na: row.na,
      note: row.note,
      answeredBy: row.answeredByName,
      answeredAt: row.answeredAt.toISOString(),
      fromAssessmentId: row.fromAssessmentId,
      state,
    });
  }
  return { previousAssessmentId, answers: out, counts, sections };
}
