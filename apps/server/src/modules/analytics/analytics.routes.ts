import { createRoute } from '@hono/zod-openapi';
import {
  AnalyticsAcceptedSchema,
  AnalyticsBatchSchema,
  AnalyticsEventListSchema,
  AnalyticsEventQuerySchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { optionalSession, requireSystemRole } from '../../auth/guards.ts';
import { errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { listEvents, recordEvents } from './analytics.service.ts';

const postEventsRoute = createRoute({
  method: 'post',
  path: '/analytics/events',
  tags: ['analytics'],
  summary: 'Record a batch of analytics events (page_view, checkout outcomes)',
  description:
    'Works signed out (user and account are then null). Accepts navigator.sendBeacon posts of a Blob with type application/json.',
  middleware: optionalSession(),
  request: { body: jsonBody(AnalyticsBatchSchema) },
  responses: {
    202: json(AnalyticsAcceptedSchema, 'Stored'),
    400: errorResponses[400],
    403: errorResponses[403],
  },
});

const listEventsRoute = createRoute({
  method: 'get',
  path: '/system/analytics/events',
  tags: ['analytics', 'system'],
  summary: 'Stored analytics events, newest first. System admins only.',
  middleware: requireSystemRole(['admin']),
  request: { query: AnalyticsEventQuerySchema },
  responses: {
    200: json(AnalyticsEventListSchema, 'Events'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const analyticsRoutes = createRouter()
  .openapi(postEventsRoute, async (c) => {
    const { events } = c.req.valid('json');
    const userId = c.var.session?.userId ?? null;
    const accepted = await recordEvents(c.var.deps.db, userId, events);
    return c.json({ accepted }, 202);
  })
  .openapi(listEventsRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ events: await listEvents(c.var.deps.db, c.req.valid('query')) }, 200);
  });
