import { createRoute } from '@hono/zod-openapi';
import { ServiceOverviewQuerySchema, ServiceOverviewSchema } from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { requireSystemRole } from '../../../auth/guards.ts';
import { errorResponses, json } from '../../../lib/openapi.ts';
import { serviceOverview } from './overview.service.ts';

const overviewRoute = createRoute({
  method: 'get',
  path: '/service/overview',
  tags: ['service'],
  summary:
    'The service at a glance for the last 7 or 30 days (`days`), each figure with the period before: accounts (total, new, active in 7 and 30 days), sign-ups and verified, MRR, trials ending in 7 days, past due, assessments started and completed, answers per day, the support tickets waiting longest, unhandled feedback, failed jobs and errors in the last hour. Read from the daily rollup kept by the service.rollup job (every 5 minutes), not by scanning. System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { query: ServiceOverviewQuerySchema },
  responses: {
    200: json(ServiceOverviewSchema, 'The figures'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

/** Mounted under /api/v1. */
export const serviceOverviewRoutes = createRouter().openapi(overviewRoute, async (c) => {
  c.header('cache-control', 'no-store');
  return c.json(await serviceOverview(c.var.deps.db, c.req.valid('query').days), 200);
});
