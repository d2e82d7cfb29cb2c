/**
 * Test hooks (TEST_HOOKS=true only: end-to-end tests, never production; config.ts). A queue,
 * `test.fail-once`, whose job fails on its first run and succeeds when run again, so the
 * failed-job journey (e2e/service-system.spec.ts) can see a failed job and retry it from the
 * system tab. And the controlled clock: `POST /test/run-as-of` runs one periodic job's work
 * (lib/jobs/periodic.ts) at once as of a given time, so a journey can see what a schedule or a
 * reminder does on a later day without waiting for it. And `POST /test/carry-answers`, which
 * starts confirm-only re-assessment journeys (e2e/confirm-carried.spec.ts) by carrying one
 * assessment's answers into another as last period's (`assessment_carried_answers`), until
 * `POST …/assessments/{id}/next` (the schedules' work) makes such assessments itself.
 */
import { createRoute } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { createRouter } from '../../../auth/context.ts';
import { requireSystemRole } from '../../../auth/guards.ts';
import type { Jobs } from '../../../lib/jobs/index.ts';
import { runAsOf } from '../../../lib/jobs/periodic.ts';
import {
  assessmentAnswers,
  assessmentCarriedAnswers,
  assessments,
} from '../../../db/schema/assessments.ts';
import { notFound } from '../../../lib/errors.ts';
import { errorResponses, json, jsonBody } from '../../../lib/openapi.ts';

export const FAIL_ONCE_QUEUE = 'test.fail-once';

/** Registers the worker of FAIL_ONCE_QUEUE (background-jobs.ts, only with TEST_HOOKS). */
export async function registerTestHooks(jobs: Jobs): Promise<void> {
  await jobs.work(FAIL_ONCE_QUEUE, async (_data, job) => {
    if (job.retryCount === 0) throw new Error('Failed on purpose by a test hook; retry it.');
  });
}

const failingJobRoute = createRoute({
  method: 'post',
  path: '/test/failing-job',
  tags: ['test'],
  summary:
    'TEST_HOOKS only: queues a job that fails on its first run (no automatic retry) and succeeds when retried. System admins only.',
  middleware: requireSystemRole(['admin']),
  responses: {
    201: json(z.object({ jobId: z.string() }), 'The job queued'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const runAsOfRoute = createRoute({
  method: 'post',
  path: '/test/run-as-of',
  tags: ['test'],
  summary:
    "TEST_HOOKS only: runs one periodic job's work now, as of the time given (the end-to-end tests' controlled clock). System admins only.",
  middleware: requireSystemRole(['admin']),
  request: {
    body: jsonBody(
      z.object({
        queue: z.string().min(1).max(100),
        at: z.iso.datetime({ offset: true }),
      }),
    ),
  },
  responses: {
    200: json(z.object({ result: z.unknown() }), 'What the run returned'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const carryAnswersRoute = createRoute({
  method: 'post',
  path: '/test/carry-answers',
  tags: ['test'],
  summary:
    "TEST_HOOKS only: carries one assessment's answers into another of the same client tenant as last period's (to confirm or change), and records it as started from it. System admins only.",
  middleware: requireSystemRole(['admin']),
  request: {
    body: jsonBody(
      z.object({
        assessmentId: z.string().min(1).max(100),
        fromAssessmentId: z.string().min(1).max(100),
      }),
    ),
  },
  responses: {
    200: json(z.object({ carried: z.number().int() }), 'How many answers were carried'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const testHookRoutes = createRouter()
  .openapi(failingJobRoute, async (c) => {
    const jobId = await c.var.deps.jobs.send(FAIL_ONCE_QUEUE, {}, { retryLimit: 0 });
    return c.json({ jobId: jobId ?? '' }, 201);
  })
  .openapi(runAsOfRoute, async (c) => {
    const { queue, at } = c.req.valid('json');
    const ran = await runAsOf(queue, new Date(at));
    if (!ran) throw notFound(`No periodic work is called ${queue}.`);
    return c.json({ result: ran.result ?? null }, 200);
  })
  .openapi(carryAnswersRoute, async (c) => {
    const { assessmentId, fromAssessmentId } = c.req.valid('json');
    const carried = await c.var.deps.db.transaction(async (tx) => {
      const [to] = await tx.select().from(assessments).where(eq(assessments.id, assessmentId));
      const [from] = await tx
        .select()
        .from(assessments)
        .where(
          and(
            eq(assessments.id, fromAssessmentId),
            eq(assessments.accountId, to?.accountId ?? ''),
            eq(assessments.tenantId, to?.tenantId ?? ''),
          ),
        );
      if (!to || !from) throw notFound('No such pair of assessments of one client tenant.');
      const rows = await tx
        .select()
        .from(assessmentAnswers)
        .where(eq(assessmentAnswers.assessmentId, from.id));
      await tx
        .update(assessments)
        .set({ previousAssessmentId: from.id })
        .where(eq(assessments.id, to.id));
      if (rows.length === 0) return 0;
      await tx
        .insert(assessmentCarriedAnswers)
        .values(
          rows.map((r) => ({
            assessmentId: to.id,
            accountId: to.accountId,
            questionKey: r.questionKey,
            value: r.value,
            na: r.na,
            note: r.note,
            fromAssessmentId: from.id,
            answeredByName: r.answeredByName,
            answeredAt: r.answeredAt,
          })),
        )
        .onConflictDoNothing();
      return rows.length;
    });
    return c.json({ carried }, 200);
  });
