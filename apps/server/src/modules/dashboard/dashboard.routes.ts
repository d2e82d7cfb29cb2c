import { createRoute } from '@hono/zod-openapi';
import { DashboardSchema } from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, requireAccount } from '../../auth/guards.ts';
import { errorResponses, json } from '../../lib/openapi.ts';
import { getDashboard } from './dashboard.service.ts';

const dashboardRoute = createRoute({
  middleware: requireAccount('tenants.read'),
  method: 'get',
  path: '/dashboard',
  tags: ['dashboard'],
  summary: 'The account at a glance: tenants, open assessments, scores and their trend, gaps',
  description:
    'Read from values kept up to date on write: each tenant’s latest completed assessment and open count, and the assessments’ own scores. The trend covers the last 12 months (UTC), this one included; a month without a completed assessment has no average.',
  responses: {
    200: json(DashboardSchema, 'The dashboard'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const dashboardRoutes = createRouter().openapi(dashboardRoute, async (c) =>
  c.json(await getDashboard(c.var.deps.db, getAccount(c)), 200, { 'cache-control': 'no-store' }),
);
