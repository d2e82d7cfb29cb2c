import { createRoute } from '@hono/zod-openapi';
import {
  AnalyticsRefreshSchema,
  ServiceAnalyticsQuerySchema,
  ServiceAnalyticsSchema,
} from '@tenantry/shared';
import { z } from 'zod';
import { createRouter } from '../../../auth/context.ts';
import { getClaims, requireSystemRole } from '../../../auth/guards.ts';
import { csvHeaders } from '../../../lib/csv.ts';
import { errorResponses, json } from '../../../lib/openapi.ts';
import { recordSystemAudit } from '../../audit/audit.service.ts';
import { rollUpAnalytics } from './analytics-rollup.ts';
import { analyticsCsv, readServiceAnalytics } from './analytics.service.ts';

/** The service console's analytics tab (docs/service-console.md). System admins only. */
const TAGS = ['service'];
const guard = requireSystemRole(['admin']);
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
};

const readRoute = createRoute({
  method: 'get',
  path: '/service/analytics',
  tags: TAGS,
  summary:
    'How people use the product over a range of days (UTC, both ends included, at most 366): daily and weekly active users, page views, sign-ups and checkout outcomes per day, top screens and tabs, the activation funnel of the people who signed up in the range, and retention by sign-up week. Read from daily rollups. System admins only.',
  middleware: guard,
  request: { query: ServiceAnalyticsQuerySchema },
  responses: { 200: json(ServiceAnalyticsSchema, 'The figures'), ...refusals },
});

const csvRoute = createRoute({
  method: 'get',
  path: '/service/analytics/export',
  tags: TAGS,
  summary: 'The daily series of the analytics tab as CSV, one row a day. System admins only.',
  middleware: guard,
  request: { query: ServiceAnalyticsQuerySchema },
  responses: {
    200: { description: 'A CSV file', content: { 'text/csv': { schema: z.string() } } },
    ...refusals,
  },
});

const refreshRoute = createRoute({
  method: 'post',
  path: '/service/analytics/refresh',
  tags: TAGS,
  summary:
    'Bring the analytics rollups up to date now rather than at the next run of the job (every 5 minutes); audited as `service.analytics_refreshed`. System admins only.',
  middleware: guard,
  responses: {
    200: json(AnalyticsRefreshSchema, 'Days rolled up'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

/** Mounted under /api/v1. */
export const serviceAnalyticsRoutes = createRouter()
  .openapi(readRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await readServiceAnalytics(c.var.deps.db, c.req.valid('query')), 200);
  })
  .openapi(csvRoute, async (c) => {
    const q = c.req.valid('query');
    const body = analyticsCsv(await readServiceAnalytics(c.var.deps.db, q));
    return c.body(body, 200, csvHeaders(`tenantry-analytics-${q.from}-${q.to}.csv`)) as never;
  })
  .openapi(refreshRoute, async (c) => {
    const { uid, email } = await getClaims(c);
    const { db } = c.var.deps;
    const result = await rollUpAnalytics(db);
    await recordSystemAudit(
      db,
      { userId: uid, email },
      {
        action: 'service.analytics_refreshed',
        targetType: 'analytics',
        data: { days: result.days },
        ipAddress: c.var.deps.clientIp(c) ?? null,
      },
    );
    c.header('cache-control', 'no-store');
    return c.json(result, 200);
  });
