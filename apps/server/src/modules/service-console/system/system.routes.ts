import { createRoute } from '@hono/zod-openapi';
import {
  JobParamsSchema,
  ServiceJobListQuerySchema,
  ServiceJobListSchema,
  ServiceJobSchema,
  ServiceSystemSchema,
} from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { getClaims, requireSystemRole } from '../../../auth/guards.ts';
import { errorResponses, json } from '../../../lib/openapi.ts';
import { deleteJob, listJobs, retryJob, systemStatus } from './system.service.ts';

const statusRoute = createRoute({
  method: 'get',
  path: '/service/system',
  tags: ['service'],
  summary:
    'The health of the service: version and build, database (kind, size, migrations, connections on PostgreSQL), job counts per queue and state, mail mode and recent failures, webhook deliveries of the last 24 hours, server processes with their live-stream connections (gone after a minute without a heartbeat) and the non-secret configuration. System admins only.',
  middleware: requireSystemRole(['admin']),
  responses: {
    200: json(ServiceSystemSchema, 'The system’s state now'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const jobsRoute = createRoute({
  method: 'get',
  path: '/service/system/jobs',
  tags: ['service'],
  summary:
    'Background jobs in one state (default failed), newest first, with the error a failed job ended with; keyset-paged. System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { query: ServiceJobListQuerySchema },
  responses: {
    200: json(ServiceJobListSchema, 'A page of jobs'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const retryRoute = createRoute({
  method: 'post',
  path: '/service/system/jobs/{jobId}/retry',
  tags: ['service'],
  summary:
    'Runs a failed job again with one more attempt allowed (audited as service.job_retried); 409 with its state when it has not failed. System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { params: JobParamsSchema },
  responses: {
    200: json(ServiceJobSchema, 'The job, queued again'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/service/system/jobs/{jobId}',
  tags: ['service'],
  summary:
    'Deletes a job that is not running (audited as service.job_deleted); 409 while it runs. System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { params: JobParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: errorResponses[409],
  },
});

/** Mounted under /api/v1. */
export const serviceSystemRoutes = createRouter()
  .openapi(statusRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await systemStatus(c.var.deps), 200);
  })
  .openapi(jobsRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await listJobs(c.var.deps.db, c.req.valid('query')), 200);
  })
  .openapi(retryRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const job = await retryJob(c.var.deps.db, { userId: uid, email }, c.req.valid('param').jobId);
    c.header('cache-control', 'no-store');
    return c.json(job, 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    await deleteJob(c.var.deps.db, { userId: uid, email }, c.req.valid('param').jobId);
    return c.body(null, 204);
  });
