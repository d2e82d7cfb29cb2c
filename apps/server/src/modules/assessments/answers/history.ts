/**
 * An answer's history: the answer as it is and the values it replaced, newest first. Every
 * write keeps the value it replaces (write.statement.ts), and a write older than the stored
 * answer is kept here instead of replacing it.
 */
import { ASSESSMENT_LIMITS, type AnswerHistory } from '@tenantry/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { TenantContext } from '../../../auth/types.ts';
import type { Database } from '../../../db/client.ts';
import { answerHistory, assessmentAnswers } from '../../../db/schema/assessments.ts';
import { assertAssessment } from '../assessments.service.ts';
import { toAnswer, type AnswerRow, type AssessmentRef } from './answer.ts';

/** The history of one question's answer as the API shows it (404 outside the tenant). */
export async function readAnswerHistory(
  db: Database,
  scope: TenantContext,
  assessmentId: string,
  questionKey: string,
): Promise<AnswerHistory> {
  await assertAssessment(db, scope, assessmentId);
  const { current, entries } = await answerHistoryOf(
    db,
    { ...scope, assessmentId },
    questionKey,
    ASSESSMENT_LIMITS.historyMax,
  );
  return {
    questionKey,
    current: current ? toAnswer(current) : null,
    entries: entries.map((e) => ({
      value: e.value ?? null,
      na: e.na,
      note: e.note,
      answeredBy: {
        source: e.source,
        name: e.answeredByName,
        userId: e.userId,
        respondentId: e.respondentId,
      },
      answeredAt: e.answeredAt.toISOString(),
      replacedAt: e.replacedAt.toISOString(),
    })),
  };
}

/** The current answer and its earlier values, newest first. */
async function answerHistoryOf(
  db: Database,
  ref: AssessmentRef,
  questionKey: string,
  limit: number,
): Promise<{ current: AnswerRow | null; entries: (typeof answerHistory.$inferSelect)[] }> {
  const [current] = await db
    .select()
    .from(assessmentAnswers)
    .where(
      and(
        eq(assessmentAnswers.assessmentId, ref.assessmentId),
        eq(assessmentAnswers.accountId, ref.accountId),
        eq(assessmentAnswers.questionKey, questionKey),
      ),
    );
  const entries = await db
    .select()
    .from(answerHistory)
    .where(
      and(
        eq(answerHistory.assessmentId, ref.assessmentId),
        eq(answerHistory.accountId, ref.accountId),
        eq(answerHistory.questionKey, questionKey),
      ),
    )
    .orderBy(desc(answerHistory.id))
    .limit(limit);
  return { current: current ?? null, entries };
}
