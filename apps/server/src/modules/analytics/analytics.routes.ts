import { createRoute } from '@hono/zod-openapi';
import {
  AnalyticsAcceptedSchema,
  AnalyticsBatchSchema,
  AnalyticsEventListSchema,
  AnalyticsEventQuerySchema,
} from '@tenantry/shared';
import type { Auth } from '../../auth/auth.ts';
import { requireSystemRole } from '../../auth/guards.ts';
import { loadSession } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses } from '../../lib/openapi.ts';
import { listEvents, recordEvents } from './analytics.service.ts';

const postEventsRoute = createRoute({
  method: 'post',
  path: '/analytics/events',
  tags: ['analytics'],
  summary: 'Record a batch of analytics events (page_view, checkout outcomes)',
  description:
    'Works signed out (user and account are then null). Accepts navigator.sendBeacon posts of a Blob with type application/json.',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: AnalyticsBatchSchema } },
    },
  },
  responses: {
    202: {
      description: 'Stored',
      content: { 'application/json': { schema: AnalyticsAcceptedSchema } },
    },
    400: errorResponses[400],
    403: errorResponses[403],
  },
});

const listEventsRoute = createRoute({
  method: 'get',
  path: '/system/analytics/events',
  tags: ['analytics', 'system'],
  summary: 'Stored analytics events, newest first. System admins only.',
  request: { query: AnalyticsEventQuerySchema },
  responses: {
    200: {
      description: 'Events',
      content: { 'application/json': { schema: AnalyticsEventListSchema } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export function createAnalyticsRoutes(deps: AppDeps, auth: Auth) {
  const router = createRouter();
  router.use(postEventsRoute.path, loadSession(auth));
  router.openapi(postEventsRoute, async (c) => {
    const { events } = c.req.valid('json');
    const session = c.get('session');
    const accepted = await recordEvents(deps.db, session?.userId ?? null, events);
    return c.json({ accepted }, 202);
  });
  router.use(listEventsRoute.path, ...requireSystemRole(auth, deps.db, ['admin']));
  router.openapi(listEventsRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ events: await listEvents(deps.db, c.req.valid('query')) }, 200);
  });
  return router;
}
