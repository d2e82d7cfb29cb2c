/**
 * GET /metrics in Prometheus's text format (docs/operations.md): the counters and histograms
 * of lib/metrics.ts, plus the gauges of the moment, set here when scraped — the PostgreSQL
 * pool, the job queues' depth (one query, kept 5 s so that several scrapers cost one), the
 * live streams open and whether the process drains. Off unless configured (config.ts
 * `metrics`): on the public port only with a bearer token, or on a port of its own.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type PoolStats } from '../db/client.ts';
import { errorBody } from '../lib/errors.ts';
import type { Lifecycle } from '../lib/lifecycle.ts';
import {
  collectProcessMetrics,
  dbPoolConnections,
  dbPoolMax,
  dbPoolWaiting,
  draining,
  jobQueueJobs,
  liveStreams,
  metricsRegistry,
} from '../lib/metrics.ts';

export const METRICS_PATH = '/metrics';

/** How long the queue depth read is reused. */
export const QUEUE_DEPTH_CACHE_MS = 5_000;

/** The job states counted per queue: waiting, waiting after a failure, running, failed for good. */
const COUNTED_STATES = ['created', 'retry', 'active', 'failed'] as const;

export interface MetricsSources {
  db: Database;
  /** The PostgreSQL pool (DatabaseHandle.poolStats); absent on PGlite. */
  poolStats?: () => PoolStats;
  /** Live streams open on this process (LiveHub.connections). */
  liveStreams: () => number;
  lifecycle: Lifecycle;
  /** Told when the queue depth cannot be read (it is then left out of the scrape). */
  onError?: (err: unknown) => void;
}

interface QueueRow {
  name: string;
  state: string;
  n: number;
}

/** The queues' depth by state, read at most once per QUEUE_DEPTH_CACHE_MS. */
function queueDepthReader(db: Database, onError?: (err: unknown) => void) {
  let cached: { at: number; rows: Promise<QueueRow[]> } | null = null;
  const read = async (): Promise<QueueRow[]> => {
    const [installed] = await queryRows<{ ok: boolean }>(
      db,
      sql`select to_regclass('pgboss.job') is not null as ok`,
    );
    if (!installed?.ok) return [];
    // One row per queue and counted state, zeros included (a drained queue shows 0, not gone).
    return queryRows<QueueRow>(
      db,
      sql`select q.name, s.state, count(j.id)::int as n
        from pgboss.queue q
        cross join unnest(${sql.raw(`array['${COUNTED_STATES.join("','")}']`)}) as s(state)
        left join pgboss.job j on j.name = q.name and j.state = s.state::pgboss.job_state
        group by q.name, s.state`,
      { prepared: true },
    );
  };
  return (): Promise<QueueRow[]> => {
    const now = Date.now();
    if (!cached || now - cached.at > QUEUE_DEPTH_CACHE_MS) {
      const rows = read().catch((err: unknown) => {
        onError?.(err);
        return [];
      });
      cached = { at: now, rows };
    }
    return cached.rows;
  };
}

/** The text of one scrape: the gauges of the moment set, then every series. */
export function createMetricsCollector(sources: MetricsSources): () => Promise<string> {
  collectProcessMetrics();
  const queueDepth = queueDepthReader(sources.db, sources.onError);
  return async () => {
    const pool = sources.poolStats?.();
    if (pool) {
      dbPoolConnections.set({ state: 'idle' }, pool.idle);
      dbPoolConnections.set({ state: 'busy' }, pool.total - pool.idle);
      dbPoolWaiting.set(pool.waiting);
      dbPoolMax.set(pool.max);
    }
    liveStreams.set(sources.liveStreams());
    draining.set(sources.lifecycle.draining ? 1 : 0);
    const rows = await queueDepth();
    jobQueueJobs.reset();
    for (const r of rows) jobQueueJobs.set({ queue: r.name, state: r.state }, Number(r.n));
    return metricsRegistry.metrics();
  };
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The GET /metrics handler: with a `token`, a scrape must send `Authorization: Bearer
 * <token>` (else 401 in the one error shape).
 */
export function metricsHandler(collect: () => Promise<string>, token: string | undefined) {
  return async (c: Context) => {
    if (token !== undefined && !tokenMatches(c.req.header('authorization'), token)) {
      c.header('www-authenticate', 'Bearer realm="metrics"');
      return c.json(
        errorBody(
          'common.unauthenticated',
          'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.',
          c.get('requestId'),
        ),
        401,
      );
    }
    const body = await collect();
    return c.body(body, 200, {
      'content-type': metricsRegistry.contentType,
      'cache-control': 'no-store',
    });
  };
}

/** The listener of METRICS_PORT: GET /metrics and nothing else. */
export function createMetricsApp(collect: () => Promise<string>, token: string | undefined) {
  const app = new Hono();
  app.get(METRICS_PATH, metricsHandler(collect, token));
  app.notFound((c) => c.text('Not found: this port serves GET /metrics only.', 404));
  return app;
}
