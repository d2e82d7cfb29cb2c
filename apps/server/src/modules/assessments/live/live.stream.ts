/**
 * One tenant's live stream (Server-Sent Events; ADR 0014): the ids of the assessments that
 * changed, coalesced per assessment, from the process's live hub (PostgreSQL LISTEN/NOTIFY)
 * and, after a reconnect or a lost listener, replayed from the live events table in order.
 */
import type { LiveEventKind } from '@tenantry/shared';
import type { SSEStreamingApi } from 'hono/streaming';
import type { AppDeps } from '../../../auth/context.ts';
import type { TenantContext } from '../../../auth/types.ts';
import { liveEventsSince, type LiveNotice } from '../../../db/live.ts';

/**
 * At most one event per assessment in this window (a few per second while people answer): the
 * first change goes out at once, later ones within the window are gathered into one.
 */
export const LIVE_COALESCE_MS = 250;
const HEARTBEAT_MS = 25_000;
/** How many event ids a stream remembers to recognise the same event arriving twice. */
const TAKEN_IDS_KEPT = 5_000;
/**
 * A stream ends after this long and the browser reconnects with Last-Event-ID: access is then
 * checked again (a revoked share stops receiving even ids), and no connection lives forever.
 */
const MAX_STREAM_MS = 5 * 60_000;

/**
 * What a stream sends before it ends because its server stops (docs/operations.md): the wait
 * before reconnecting (500-1500 ms) and an `event: reconnect`. A client that ignores the event
 * still reconnects, as EventSource does after any end of stream, with Last-Event-ID.
 */
export function reconnectNotice(): string {
  const wait = 500 + Math.floor(Math.random() * 1000);
  return `retry: ${wait}\nevent: reconnect\ndata: {"reason":"server stopping"}\n\n`;
}

/** The id a client resumes after (the `Last-Event-ID` header), when it is one. */
export function lastEventId(header: string | undefined): number | null {
  if (!header || !/^\d{1,15}$/.test(header)) return null;
  return Number(header);
}

/**
 * Streams the tenant's changes after event `lastSent` until the client leaves, the process
 * closes, or MAX_STREAM_MS have passed.
 */
export async function streamLive(
  stream: SSEStreamingApi,
  deps: Pick<AppDeps, 'db' | 'live' | 'logger'>,
  scope: TenantContext,
  lastSent: number,
): Promise<void> {
  const { db, live, logger } = deps;
  const events = coalescedEvents(stream, lastSent);
  const catchUp = async () => {
    for (const n of await liveEventsSince(db, scope, events.seen())) events.add(n);
  };

  let stop = () => {};
  let closing = false;
  const unsubscribe = await live.subscribe(scope.tenantId, (m) => {
    if (m === 'closing') {
      closing = true;
      stop();
    } else if (m === 'resync')
      void catchUp().catch((err: unknown) => logger.warn({ err }, 'live resync'));
    else events.add(m);
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
    if (closing) resolve();
  });
  try {
    // Tell the browser to come back quickly after the server ends the stream.
    await stream.write('retry: 1000\n\n');
    // What happened between the last id the client saw (or this stream's start) and the
    // subscription: replayed from the table, in order.
    await catchUp();
    await ended;
    // The process drains before it stops: say so, and come back soon (spread over a second,
    // so a server's streams do not all arrive at once), to another server through the load
    // balancer, resuming after the last id received.
    if (closing) await stream.write(reconnectNotice()).catch(() => {});
  } finally {
    events.close();
    clearInterval(heartbeat);
    unsubscribe();
  }
}

/**
 * The stream's events, gathered per assessment. The first change of an assessment goes out at
 * once; more within LIVE_COALESCE_MS of the last event are gathered into one, sent when the
 * window ends. Notices may arrive out of id order (each process announces its own answers after
 * commit, and other changes do not take turns with them), so after the stream's starting point
 * none is dropped for its id: only the same event twice (a replay from the table overlapping
 * the live notices) is.
 */
function coalescedEvents(stream: SSEStreamingApi, lastSent: number) {
  // Per assessment: when its last event went out, and what arrived since (first id, kinds).
  const perAssessment = new Map<
    string,
    { sentAt: number; first: number; kinds: Set<LiveEventKind> | null }
  >();
  const timers = new Set<NodeJS.Timeout>();
  const taken = new Set<number>();
  let seen = lastSent;
  let closed = false;

  /** The id a client may resume after: every event up to it has been sent. */
  const resumeId = () => {
    let min = Infinity;
    for (const e of perAssessment.values()) if (e.kinds) min = Math.min(min, e.first);
    return min === Infinity ? seen : min - 1;
  };
  const send = async (assessmentId: string) => {
    const e = perAssessment.get(assessmentId);
    if (!e?.kinds || closed) return;
    const kinds = [...e.kinds];
    e.kinds = null;
    e.sentAt = Date.now();
    await stream.writeSSE({
      event: 'assessment',
      id: String(resumeId()),
      data: JSON.stringify({ assessmentId, kinds }),
    });
  };
  const add = (n: LiveNotice) => {
    if (n.id <= lastSent || taken.has(n.id)) return;
    taken.add(n.id);
    if (taken.size > TAKEN_IDS_KEPT) taken.delete(taken.values().next().value!);
    let e = perAssessment.get(n.assessmentId);
    if (!e) perAssessment.set(n.assessmentId, (e = { sentAt: 0, first: 0, kinds: null }));
    seen = Math.max(seen, n.id);
    const scheduled = e.kinds !== null;
    if (!e.kinds) {
      e.kinds = new Set();
      e.first = n.id;
    }
    e.first = Math.min(e.first, n.id);
    e.kinds.add(n.kind);
    if (scheduled) return;
    const wait = e.sentAt + LIVE_COALESCE_MS - Date.now();
    if (wait <= 0) {
      void send(n.assessmentId).catch(() => {});
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      void send(n.assessmentId).catch(() => {});
    }, wait);
    timers.add(timer);
  };
  return {
    add,
    /** The highest id received so far (a replay from the table starts after it). */
    seen: () => seen,
    /** Nothing more is sent; pending windows are dropped. */
    close: () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
