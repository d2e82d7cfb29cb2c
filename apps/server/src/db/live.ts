/**
 * Live progress across server processes (docs/assessments.md, "Live progress"). A change is a
 * row in `live_events` written with the change, and a NOTIFY carrying only ids, which
 * PostgreSQL delivers to every process LISTENing (PGlite: the same SQL, in-process). Rare
 * changes NOTIFY in their own transaction (`publishLive`); answer writes, the hot path, hand
 * their committed event to `LiveHub.announce`, which gathers a process's announcements for up
 * to LIVE_ANNOUNCE_MS into ONE notifying statement — a NOTIFY takes a database-wide lock while
 * its transaction commits, so one per answer would serialise every answer's commit. Each
 * process keeps ONE listening connection and fans notices out to its own Server-Sent Events
 * streams; a stream that reconnects replays the rows after its `Last-Event-ID`. Nothing here
 * holds state another process would need.
 */
import { LIVE_EVENT_KINDS, type LiveEventKind } from '@tenantry/shared';
import { and, asc, eq, gt, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, DatabaseHandle, Tx } from './client.ts';
import { liveEvents } from './schema/assessments.ts';

export const LIVE_CHANNEL = 'tenantry_live';

export interface LiveNotice {
  id: number;
  tenantId: string;
  assessmentId: string;
  kind: LiveEventKind;
}

/**
 * What a subscriber receives: a notice; `resync` after the listener lost its connection (read
 * what was missed); `closing` when the process shuts down (end the stream).
 */
export type LiveMessage = LiveNotice | 'resync' | 'closing';

/**
 * How long a process gathers announced events before sending them in one statement (the
 * first after a quiet spell goes out at once). Streams coalesce further, per assessment.
 */
export const LIVE_ANNOUNCE_MS = 20;

export interface LiveHub {
  /** Notices of one client tenant, until the returned function is called. */
  subscribe(tenantId: string, listener: (message: LiveMessage) => void): Promise<() => void>;
  /**
   * Announces an event already recorded and committed (see liveEventSql): sent to every
   * process within LIVE_ANNOUNCE_MS, with the others gathered meanwhile (of each assessment
   * and kind only the newest id: a notice means "read it again").
   */
  announce(notice: LiveNotice): void;
  /** Sends what is gathered now (before the database closes). */
  flush(): Promise<void>;
  /**
   * Ends this process's streams (each subscriber gets `closing`, and so does one subscribing
   * later) and stops listening; announcing still works.
   */
  close(): Promise<void>;
  /** How many streams of this process are subscribed now (the system tab's heartbeat). */
  connections(): number;
}

export interface LiveEventInput {
  accountId: string;
  tenantId: string;
  assessmentId: string;
  kind: LiveEventKind;
}

/**
 * The SQL of a live event, for a statement that writes the change itself: a CTE `e` recording
 * the event (only for each row of `from`, when given: a guarded write's CTE), the expression
 * announcing it on commit (`notify`), or the event's id (`id`, null when nothing was recorded)
 * to hand to `LiveHub.announce` once committed.
 */
export function liveEventSql(
  event: { [K in keyof LiveEventInput]: LiveEventInput[K] | Placeholder },
  from?: SQL,
) {
  const row = sql`${event.accountId}, ${event.tenantId}, ${event.assessmentId}, ${event.kind}`;
  return {
    cte: sql`e as (insert into ${liveEvents} (account_id, tenant_id, assessment_id, kind)
      ${from ? sql`select ${row} from ${from}` : sql`values (${row})`}
      returning id, tenant_id, assessment_id, kind)`,
    notify: sql`(select pg_notify(${LIVE_CHANNEL}, json_build_object(
      'i', e.id, 't', e.tenant_id, 'a', e.assessment_id, 'k', e.kind)::text) from e)`,
    id: sql`(select id from e)`,
  };
}

/** A notice as NOTIFY carries it (the same shape `liveEventSql` builds in SQL). */
const noticePayload = (n: LiveNotice) =>
  JSON.stringify({ i: n.id, t: n.tenantId, a: n.assessmentId, k: n.kind });

/** Records a change and announces it on commit (call it inside the changing transaction). */
export async function publishLive(tx: Database | Tx, event: LiveEventInput): Promise<void> {
  const live = liveEventSql(event);
  await tx.execute(sql`with ${live.cte} select ${live.notify}`);
}

/** Events of a tenant after `afterId` (a reconnecting stream's Last-Event-ID), oldest first. */
export async function liveEventsSince(
  db: Database,
  scope: { accountId: string; tenantId: string },
  afterId: number,
  limit = 1000,
): Promise<LiveNotice[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(
      and(
        eq(liveEvents.accountId, scope.accountId),
        eq(liveEvents.tenantId, scope.tenantId),
        gt(liveEvents.id, afterId),
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    assessmentId: r.assessmentId,
    kind: r.kind as LiveEventKind,
  }));
}

/** The newest event id of a tenant (0 when none): where a new stream starts. */
export async function latestLiveEventId(
  db: Database,
  scope: { accountId: string; tenantId: string },
): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${liveEvents.id})` })
    .from(liveEvents)
    .where(and(eq(liveEvents.accountId, scope.accountId), eq(liveEvents.tenantId, scope.tenantId)));
  return Number(row?.id ?? 0);
}

/** Deletes events older than `olderThanMs` (a scheduled job; streams replay minutes, not days). */
export async function pruneLiveEvents(db: Database, olderThanMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const rows = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, cutoff))
    .returning({ id: liveEvents.id });
  return rows.length;
}

function parseNotice(payload: string): LiveNotice | null {
  try {
    const p = JSON.parse(payload) as { i?: unknown; t?: unknown; a?: unknown; k?: unknown };
    if (typeof p.i !== 'number' || typeof p.t !== 'string' || typeof p.a !== 'string') return null;
    if (!(LIVE_EVENT_KINDS as readonly unknown[]).includes(p.k)) return null;
    return { id: p.i, tenantId: p.t, assessmentId: p.a, kind: p.k as LiveEventKind };
  } catch {
    return null;
  }
}

/**
 * One listening connection per process, started by the first subscriber; announcements are
 * gathered and sent with `database.db` (a failed send is reported to `onError` and dropped:
 * the events stay recorded, and a stream replays them when it reconnects).
 */
export function createLiveHub(
  database: Pick<DatabaseHandle, 'listen' | 'db'>,
  onError: (err: unknown) => void = () => {},
): LiveHub {
  const byTenant = new Map<string, Set<(m: LiveMessage) => void>>();
  let started: Promise<() => Promise<void>> | null = null;
  let closed = false;
  const gathered = new Map<string, LiveNotice>();
  let timer: NodeJS.Timeout | null = null;
  let lastSent = 0;

  const dispatch = (payload: string) => {
    const notice = parseNotice(payload);
    if (!notice) return;
    for (const listener of byTenant.get(notice.tenantId) ?? []) listener(notice);
  };
  const resync = () => {
    for (const set of byTenant.values()) for (const listener of set) listener('resync');
  };
  let sending: Promise<void> = Promise.resolve();
  const sendGathered = async (payloads: string) => {
    try {
      await database.db.execute(
        sql`select pg_notify(${LIVE_CHANNEL}, p) from jsonb_array_elements_text(${payloads}::jsonb) p`,
      );
    } catch (err) {
      onError(err);
    }
  };
  /** Sends what is gathered; resolves when every send started so far has finished. */
  const send = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    lastSent = Date.now();
    if (gathered.size > 0) {
      const payloads = JSON.stringify([...gathered.values()].map(noticePayload));
      gathered.clear();
      const before = sending;
      sending = Promise.all([before, sendGathered(payloads)]).then(() => {});
    }
    return sending;
  };

  return {
    async subscribe(tenantId, listener) {
      // Closed (the process drains): the stream ends at once and its client reconnects to
      // another server; listening must not start again.
      if (closed) {
        queueMicrotask(() => listener('closing'));
        return () => {};
      }
      let set = byTenant.get(tenantId);
      if (!set) byTenant.set(tenantId, (set = new Set()));
      set.add(listener);
      try {
        started ??= database.listen(LIVE_CHANNEL, dispatch, resync);
        await started;
      } catch (err) {
        started = null;
        set.delete(listener);
        throw err;
      }
      return () => {
        set.delete(listener);
        if (set.size === 0 && byTenant.get(tenantId) === set) byTenant.delete(tenantId);
      };
    },
    announce(notice) {
      const key = `${notice.assessmentId}:${notice.kind}`;
      if ((gathered.get(key)?.id ?? 0) < notice.id) gathered.set(key, notice);
      if (timer) return;
      timer = setTimeout(() => void send(), Math.max(0, lastSent + LIVE_ANNOUNCE_MS - Date.now()));
      timer.unref();
    },
    flush: send,
    connections() {
      let n = 0;
      for (const set of byTenant.values()) n += set.size;
      return n;
    },
    async close() {
      closed = true;
      const stop = started;
      started = null;
      for (const set of byTenant.values()) for (const listener of set) listener('closing');
      byTenant.clear();
      if (stop) await (await stop.catch(() => async () => {}))();
    },
  };
}
