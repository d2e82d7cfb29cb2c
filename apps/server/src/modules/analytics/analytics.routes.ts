import { createRoute } from '@hono/zod-openapi';
import { AnalyticsAcceptedSchema, AnalyticsBatchSchema } from '@tenantry/shared';
import type { Auth } from '../../auth/auth.ts';
import { loadSession } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { createRouter, errorResponses } from '../../lib/openapi.ts';
import { recordEvents } from './analytics.service.ts';

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

export function createAnalyticsRoutes(deps: AppDeps, auth: Auth) {
  const router = createRouter();
  router.use(postEventsRoute.path, loadSession(auth));
  router.openapi(postEventsRoute, async (c) => {
    const { events } = c.req.valid('json');
    const session = c.get('session');
    const accepted = await recordEvents(deps.db, session?.userId ?? null, events);
    return c.json({ accepted }, 202);
  });
  return router;
}
