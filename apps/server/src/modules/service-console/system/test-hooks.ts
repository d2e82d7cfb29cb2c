/**
 * Test hooks (TEST_HOOKS=true only: end-to-end tests, never production; config.ts). A queue,
 * `test.fail-once`, whose job fails on its first run and succeeds when run again, so the
 * failed-job journey (e2e/service-system.spec.ts) can see a failed job and retry it from the
 * system tab.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { createRouter } from '../../../auth/context.ts';
import { requireSystemRole } from '../../../auth/guards.ts';
import type { Jobs } from '../../../lib/jobs/index.ts';
import { errorResponses, json } from '../../../lib/openapi.ts';

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

export const testHookRoutes = createRouter().openapi(failingJobRoute, async (c) => {
  const jobId = await c.var.deps.jobs.send(FAIL_ONCE_QUEUE, {}, { retryLimit: 0 });
  return c.json({ jobId: jobId ?? '' }, 201);
});
