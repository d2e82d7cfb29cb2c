import { createRoute, z } from '@hono/zod-openapi';
import { TenantParamsSchema, type LiveEventKind } from '@tenantry/shared';
import { streamSSE } from 'hono/streaming';
import { createRouter } from '../../auth/context.ts';
import { getTenant, requireTenant } from '../../auth/guards.ts';
import { latestLiveEventId, liveEventsSince, type LiveNotice } from '../../db/live.ts';
import { errorResponse, errorResponses } from '../../lib/openapi.ts';
import { assertTenant } from './assessments.service.ts';

/** At most one event per assessment in this window (a few per second while people answer). */
export const LIVE_COALESCE_MS = 250;
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser reconnects with Last-Event-ID: access is then
 * checked again (a revoked share stops receiving even ids), and no connection lives forever.
 */
const MAX_STREAM_MS = 5 * 60_000;

const liveRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: '/tenants/{tenantId}/live',
  tags: ['assessments'],
  summary: 'Live progress of the tenant’s assessments (Server-Sent Events)',
  description:
    'Each event is `event: assessment`, `id: <n>`, `data: {"assessmentId", "kinds": [...]}` — ids only; read the assessment again for what changed. Events of one assessment are coalesced to at most one per 250 ms. Reconnect with the `Last-Event-ID` header (EventSource does) to receive what was missed. Works the same across server processes (PostgreSQL LISTEN/NOTIFY).',
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

function lastEventId(header: string | undefined): number | null {
  if (!header || !/^\d{1,15}$/.test(header)) return null;
  return Number(header);
}

export const liveRoutes = createRouter().openapi(liveRoute, async (c) => {
  const scope = getTenant(c);
  const { db, live, logger } = c.var.deps;
  await assertTenant(db, scope);
  const resumeFrom = lastEventId(c.req.header('last-event-id'));
  let lastSent = resumeFrom ?? (await latestLiveEventId(db, scope));
  c.header('cache-control', 'no-store');
  c.header('x-accel-buffering', 'no');

  return streamSSE(c, async (stream) => {
    const pending = new Map<string, { id: number; kinds: Set<LiveEventKind> }>();
    let flushTimer: NodeJS.Timeout | undefined;
    let closed = false;

    const flush = async () => {
      flushTimer = undefined;
      const batch = [...pending.entries()].sort((a, b) => a[1].id - b[1].id);
      pending.clear();
      for (const [assessmentId, { id, kinds }] of batch) {
        if (closed) return;
        await stream.writeSSE({
          event: 'assessment',
          id: String(id),
          data: JSON.stringify({ assessmentId, kinds: [...kinds] }),
        });
      }
    };
    const add = (n: LiveNotice) => {
      if (n.id <= lastSent) return;
      lastSent = n.id;
      const entry = pending.get(n.assessmentId) ?? { id: n.id, kinds: new Set<LiveEventKind>() };
      entry.id = Math.max(entry.id, n.id);
      entry.kinds.add(n.kind);
      pending.set(n.assessmentId, entry);
      flushTimer ??= setTimeout(() => void flush().catch(() => {}), LIVE_COALESCE_MS);
    };
    const catchUp = async () => {
      for (const n of await liveEventsSince(db, scope, lastSent)) add(n);
    };

    let stop = () => {};
    const unsubscribe = await live.subscribe(scope.tenantId, (m) => {
      if (m === 'closing') stop();
      else if (m === 'resync')
        void catchUp().catch((err: unknown) => logger.warn({ err }, 'live resync'));
      else add(m);
    });
    const heartbeat = setInterval(
      () => void stream.write(': keep-alive\n\n').catch(() => {}),
      HEARTBEAT_MS,
    );
    const ended = new Promise<void>((resolve) => {
      const end = setTimeout(resolve, MAX_STREAM_MS);
      stop = () => {
        clearTimeout(end);
        resolve();
      };
      stream.onAbort(stop);
    });
    try {
      // Tell the browser to come back quickly after the server ends the stream.
      await stream.write('retry: 1000\n\n');
      // What happened between the last id the client saw (or this stream's start) and the
      // subscription: replayed from the table, in order.
      await catchUp();
      await ended;
    } finally {
      closed = true;
      clearTimeout(flushTimer);
      clearInterval(heartbeat);
      unsubscribe();
    }
  });
});
