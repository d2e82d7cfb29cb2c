/**
 * An assessment started from a previous one, for the tests of confirming last period's answers
 * (modules/assessments/carried): made through the API, then linked to the previous one and
 * given its answers as carried rows, written directly — as the next-assessment creation does.
 */
import { AssessmentDetailSchema, type AssessmentDetail } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { assessmentAnswers, assessmentCarriedAnswers, assessments } from '../db/schema/index.ts';
import type { TestApp, TestClient } from './app.ts';
import { ok } from './http.ts';

export async function reassessed(
  t: TestApp,
  client: TestClient,
  previous: AssessmentDetail,
  opts: { name?: string } = {},
): Promise<AssessmentDetail> {
  const base = `/api/v1/tenants/${previous.tenantId}/assessments`;
  const next = await ok<{ id: string }>(
    client.post(base, {
      frameworkId: previous.framework.id,
      version: previous.framework.version,
      name: opts.name ?? `${previous.name} (next)`,
      scope: previous.scope,
    }),
    201,
  );
  const db = t.database.db;
  await db
    .update(assessments)
    .set({ previousAssessmentId: previous.id })
    .where(eq(assessments.id, next.id));
  const rows = await db
    .select()
    .from(assessmentAnswers)
    .where(eq(assessmentAnswers.assessmentId, previous.id));
  if (rows.length > 0) {
    await db.insert(assessmentCarriedAnswers).values(
      rows.map((r) => ({
        assessmentId: next.id,
        accountId: r.accountId,
        questionKey: r.questionKey,
        value: r.value,
        na: r.na,
        note: r.note,
        fromAssessmentId: previous.id,
        answeredByName: r.answeredByName,
        answeredAt: r.answeredAt,
      })),
    );
  }
  return AssessmentDetailSchema.parse(await ok(client.get(`${base}/${next.id}`)));
}
