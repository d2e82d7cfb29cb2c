/**
 * Background jobs: a thin wrapper over pg-boss 10 that runs on the embedded PGlite and on a
 * PostgreSQL server with the same code, through pg-boss's `db` option (one `executeSql`).
 *
 * Why it works on PGlite's single connection:
 * - pg-boss 10 only polls (no LISTEN/NOTIFY) and, with a custom `db`, never checks out a
 *   client: every call is one round trip, so no transaction stays open across awaits.
 * - Its multi-statement scripts (`BEGIN; …; COMMIT;` for install, migrations and
 *   maintenance) are refused by PGlite's `query()`; they are turned into one `DO` statement,
 *   see ./single-statement.ts.
 * - Cron scheduling (`schedule`) is off: it adds an internal queue, a clock-skew query and a
 *   cron timer we do not use. Maintenance (`supervise`: expire stuck jobs, archive, delete)
 *   stays on at a slow interval.
 * What this wrapper adds to pg-boss 10:
 * - A worker asks again right after a job (pg-boss would wait a polling interval per job),
 *   through setImmediate so that a backlog on PGlite does not starve timers and HTTP.
 * - send() wakes this process's worker of that queue at once.
 * - A failure to record a job's result (pg-boss does not await it) is logged, not fatal.
 * - stop() stops fetching, waits for running handlers and queries, then stops pg-boss;
 *   stopWorking() only stops fetching (a draining server still sends while it finishes its
 *   requests; other servers take the jobs).
 * - A job sent while a request runs carries the request's id in its data (JOB_META_KEY,
 *   taken off before the handler sees the data), and the handler runs within a context
 *   (lib/request-context.ts) so every line it logs carries `reqId`, `queue` and `jobId`; a job
 *   it sends carries the same request id on.
 * - Each run is counted in the metrics (lib/metrics.ts).
 */
import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import { jobsCompleted, jobsFailed } from '../metrics.ts';
import { currentContext, runInContext } from '../request-context.ts';
import { toSingleStatement } from './single-statement.ts';

/** The key of a job's data that carries where it came from (the request id). */
export const JOB_META_KEY = '_meta';

interface JobMeta {
  reqId?: string;
}

/** The data with the current request's id added (when sent within a request). */
function withMeta<T extends object>(data: T): T {
  const requestId = currentContext()?.requestId;
  if (!requestId || Array.isArray(data)) return data;
  return { ...data, [JOB_META_KEY]: { reqId: requestId } satisfies JobMeta };
}

/** The data as it was sent, and its metadata. */
function splitMeta<T>(data: T): { data: T; meta: JobMeta } {
  if (!data || typeof data !== 'object' || Array.isArray(data) || !(JOB_META_KEY in data)) {
    return { data, meta: {} };
  }
  const { [JOB_META_KEY]: meta, ...rest } = data as Record<string, unknown>;
  return { data: rest as T, meta: (meta ?? {}) as JobMeta };
}

type LogFn = {
  (obj: object, msg?: string): void;
  (msg: string): void;
};

/** The subset of a pino logger these libraries use. */
export interface Logger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  debug: LogFn;
}

export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface CreateJobsOptions {
  /** One query on the application's database: `(t, v) => pglite.query(t, v)` or `pool.query`. */
  executeSql: ExecuteSql;
  logger: Logger;
  /** PostgreSQL schema holding pg-boss's tables. Default `pgboss`. */
  schema?: string;
  /** How often an idle worker polls for work. Default 2; pg-boss's minimum is 0.5. */
  pollingIntervalSeconds?: number;
  /** Maintenance (expire stuck jobs, archive, delete old ones). Default 120. */
  maintenanceIntervalSeconds?: number;
  /** How long stop() waits for running handlers before failing them (they retry). Default 10 000. */
  stopTimeoutMs?: number;
}

export interface SendOptions {
  /** Attempts after the first one. pg-boss default 2. */
  retryLimit?: number;
  /** Seconds before a retry (the base of the backoff when `retryBackoff`). */
  retryDelay?: number;
  /** Exponential backoff with jitter: about retryDelay × 2^attempt. */
  retryBackoff?: boolean;
  /**
   * A key for de-duplication. On pg-boss 10's standard queues it only takes effect together
   * with `singletonSeconds` (at most one job per key per time slot).
   */
  singletonKey?: string;
  singletonSeconds?: number;
  /**
   * How long a run may take before pg-boss counts it as failed and retries it (pg-boss default
   * 15 minutes): raise it for long work (an account export), which must then also cope with a
   * second run of the same job.
   */
  expireInSeconds?: number;
}

export interface Jobs {
  start(): Promise<void>;
  /** Stops polling, waits for running handlers, then resolves. Safe to call twice; final. */
  stop(): Promise<void>;
  /**
   * Stops taking jobs (running ones go on; other processes take the rest) while send() keeps
   * working: the first step of a drain. stop() still follows.
   */
  stopWorking(): Promise<void>;
  /** Enqueues a job (creating its queue on first use). Null when de-duplicated away. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for each job of `name`; a throw (or rejection) makes the job retry. */
  work<T>(name: string, handler: (data: T, job: JobInfo) => Promise<void>): Promise<void>;
}

/** What a handler is told of its job besides its data. */
export interface JobInfo {
  id: string;
  /** Runs before this one that failed (0 on the first run). */
  retryCount: number;
  /** The id of the request that sent the job (directly or through other jobs), if any. */
  requestId?: string;
}

export const MIN_POLLING_INTERVAL_SECONDS = 0.5;

/** pg-boss's options of a job: those given (an undefined one would override its default). */
function toSendOptions(options: SendOptions): PgBoss.SendOptions {
  return Object.fromEntries(
    Object.entries(options).filter(([, v]) => v !== undefined),
  ) as PgBoss.SendOptions;
}

// pg-boss does not await complete()/fail() after a handler runs; a failing query there would
// be an unhandled rejection (fatal in Node). We recognise those two statements and log
// instead: the job stays `active`, maintenance expires it and it is retried.
const requireCjs = createRequire(import.meta.url);
const plans = requireCjs('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/**
 * Runs one job's handler within the context of the request that sent it (every line logged
 * carries `reqId`, `queue`, `jobId`), counting the outcome; a throw makes the job retry.
 */
async function runInItsContext<T>(
  name: string,
  job: PgBoss.JobWithMetadata<T>,
  handler: (data: T, job: JobInfo) => Promise<void>,
  logger: Logger,
): Promise<void> {
  const started = Date.now();
  const { data, meta } = splitMeta(job.data);
  const context = { requestId: meta.reqId, job: { queue: name, id: job.id } };
  await runInContext(context, async () => {
    try {
      await handler(data, { id: job.id, retryCount: job.retryCount, requestId: meta.reqId });
      jobsCompleted.inc({ queue: name });
      logger.debug({ queue: name, jobId: job.id, ms: Date.now() - started }, 'jobs: done');
    } catch (err) {
      const willRetry = job.retryCount < job.retryLimit;
      jobsFailed.inc({ queue: name, final: String(!willRetry) });
      logger[willRetry ? 'warn' : 'error'](
        { err, queue: name, jobId: job.id, attempt: job.retryCount + 1, willRetry },
        willRetry ? 'jobs: job failed, will retry' : 'jobs: job failed for good',
      );
      throw err;
    }
  });
}

export function createJobs(opts: CreateJobsOptions): Jobs {
  const { logger } = opts;
  const schema = opts.schema ?? 'pgboss';
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 2;
  if (!(pollingIntervalSeconds >= MIN_POLLING_INTERVAL_SECONDS)) {
    throw new Error(
      `jobs: pollingIntervalSeconds must be at least ${MIN_POLLING_INTERVAL_SECONDS}`,
    );
  }

  const unawaitedByPgBoss = new Set([plans.completeJobs(schema), plans.failJobsById(schema)]);
  let inFlightQueries = 0;
  let inFlightHandlers = 0;

  const db: PgBoss.Db = {
    async executeSql(text: string, values?: unknown[]) {
      const hasValues = values !== undefined && values.length > 0;
      const sql = hasValues ? text : toSingleStatement(text);
      inFlightQueries++;
      try {
        const result = await opts.executeSql(sql, hasValues ? values : undefined);
        // `pg` answers a multi-statement text with an array of results; we never send one.
        return { rows: result?.rows ?? [] };
      } catch (err) {
        if (unawaitedByPgBoss.has(text)) {
          logger.error({ err }, 'jobs: could not record a job result; it will expire and retry');
          return { rows: [{ count: 0 }] };
        }
        throw err;
      } finally {
        inFlightQueries--;
      }
    },
  };

  const boss = new PgBoss({
    db,
    schema,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 120,
  });
  boss.on('error', (err: unknown) => logger.error({ err }, 'jobs: pg-boss error'));

  const queues = new Map<string, Promise<void>>();
  const workerIds = new Map<string, string[]>(); // queue → this process's workers
  let state: 'new' | 'starting' | 'started' | 'stopping' | 'stopped' = 'new';
  let starting: Promise<void> | null = null;

  function ensureQueue(name: string): Promise<void> {
    let created = queues.get(name);
    if (!created) {
      created = boss.createQueue(name);
      created.catch(() => queues.delete(name));
      queues.set(name, created);
    }
    return created;
  }

  function assertStarted(action: string): void {
    if (state !== 'started')
      throw new Error(`jobs: cannot ${action} while ${state}; call start() first`);
  }

  async function runJob<T>(
    name: string,
    job: PgBoss.JobWithMetadata<T>,
    handler: (data: T, job: JobInfo) => Promise<void>,
  ) {
    inFlightHandlers++;
    try {
      await runInItsContext(name, job, handler, logger);
    } finally {
      inFlightHandlers--;
    }
  }

  return {
    async start() {
      if (state === 'stopping' || state === 'stopped') {
        // pg-boss 10 does not fully restart (maintenance stays off, a failed start sticks).
        throw new Error('jobs: cannot start after stop() or a failed start; create a new instance');
      }
      starting ??= boss.start().then(() => {
        state = 'started';
        logger.info({ schema, pollingIntervalSeconds }, 'jobs: started');
      });
      state = state === 'new' ? 'starting' : state;
      try {
        await starting;
      } catch (err) {
        state = 'stopped';
        throw err;
      }
    },

    async stopWorking() {
      if (state !== 'started') return;
      for (const name of workerIds.keys()) await boss.offWork(name);
      workerIds.clear();
      logger.info('jobs: no longer taking jobs');
    },

    async stop() {
      if (state !== 'started') return;
      state = 'stopping';
      const deadline = Date.now() + (opts.stopTimeoutMs ?? 10_000);
      const quiet = async () => {
        // A fetch in flight may still hand a job to its handler, and pg-boss does not await
        // complete()/fail(): wait until no query and no handler of ours is running.
        while ((inFlightQueries > 0 || inFlightHandlers > 0) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      // Stop fetching first, let running handlers finish (pg-boss itself only checks every
      // 500 ms), then stop pg-boss: it fails whatever is still running after the timeout,
      // so those jobs are retried later.
      for (const name of workerIds.keys()) await boss.offWork(name);
      await quiet();
      await boss.stop({
        graceful: true,
        wait: true,
        timeout: Math.max(1000, deadline - Date.now()),
      });
      await quiet();
      state = 'stopped';
      queues.clear();
      workerIds.clear();
      logger.info('jobs: stopped');
    },

    async send(name, data, options = {}) {
      assertStarted('send');
      await ensureQueue(name);
      const sendOptions = toSendOptions(options);
      const id = await boss.send(name, withMeta(data), sendOptions);
      // A worker of this process wakes up now instead of at its next poll.
      if (id) for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },

    async work<T>(name: string, handler: (data: T, job: JobInfo) => Promise<void>) {
      assertStarted('work');
      await ensureQueue(name);
      const worker: { id?: string } = {};
      worker.id = await boss.work<T>(
        name,
        { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async (jobs) => {
          try {
            for (const job of jobs) await runJob(name, job, handler);
          } finally {
            // pg-boss 10 waits a full polling interval after every batch, even when more jobs
            // are waiting; asking again at once drains a backlog at database speed. Through
            // setImmediate, so that timers and I/O (HTTP requests) get their turn: PGlite answers
            // without leaving the microtask queue, and a backlog would otherwise starve them.
            setImmediate(() => {
              if (worker.id && state === 'started') boss.notifyWorker(worker.id);
            });
          }
        },
      );
      workerIds.set(name, [...(workerIds.get(name) ?? []), worker.id]);
    },
  };
}
