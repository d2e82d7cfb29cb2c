/**
 * Test hooks (TEST_HOOKS=true only: end-to-end tests, never production; config.ts). A queue,
 * `test.fail-once`, whose job fails on its first run and succeeds when run again, so the
 * failed-job journey (e2e/service-system.spec.ts) can see a failed job and retry it from the
 * system tab. And the controlled clock: `POST /test/run-as-of` runs one periodic job's work
 * (lib/jobs/periodic.ts) at once as of a given time, so a journey can see what a schedule or a
 * reminder does on a later day without waiting for it.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { createRouter } from '../../../auth/context.ts';
import { requireSystemRole } from '../../../auth/guards.ts';
import type { Jobs } from '../../../lib/jobs/index.ts';
import { runAsOf } from '../../../lib/jobs/periodic.ts';
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
  });
