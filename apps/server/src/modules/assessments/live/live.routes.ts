import { createRoute, z } from '@hono/zod-openapi';
import { TenantParamsSchema } from '@tenantry/shared';
import { streamSSE } from 'hono/streaming';
import { createRouter } from '../../../auth/context.ts';
import { getTenant, requireTenant } from '../../../auth/guards.ts';
import { latestLiveEventId } from '../../../db/live.ts';
import { errorResponse, errorResponses } from '../../../lib/openapi.ts';
import { assertTenant } from '../../tenants/tenants.service.ts';
import { lastEventId, streamLive } from './live.stream.ts';

const liveRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: '/tenants/{tenantId}/live',
  tags: ['assessments'],
  summary: 'Live progress of the tenant’s assessments (Server-Sent Events)',
  description:
    'Each event is `event: assessment`, `id: <n>`, `data: {"assessmentId", "kinds": [...]}` — ids only; read the assessment again for what changed. Events of one assessment are coalesced to at most one per 250 ms. Reconnect with the `Last-Event-ID` header (EventSource does) to receive what was missed. Works the same across server processes (PostgreSQL LISTEN/NOTIFY). When its server stops, the stream sends `retry: <ms>` and `event: reconnect` and ends: reconnect (to another server behind the load balancer) with `Last-Event-ID`.',
  request: { params: TenantParamsSchema },
  responses: {
    200: {
      description: 'The event stream',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse('No such client tenant in your account (`tenants.not_found`)'),
  },
});

export const liveRoutes = createRouter().openapi(liveRoute, async (c) => {
  const scope = getTenant(c);
  const { db } = c.var.deps;
  await assertTenant(db, scope);
  const resumeFrom = lastEventId(c.req.header('last-event-id'));
  const lastSent = resumeFrom ?? (await latestLiveEventId(db, scope));
  c.header('cache-control', 'no-store');
  c.header('x-accel-buffering', 'no');
  return streamSSE(c, (stream) => streamLive(stream, c.var.deps, scope, lastSent));
});
