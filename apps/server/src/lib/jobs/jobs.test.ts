// The job queue against the test database of this run: PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set (like every other server test file).
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { createTestDatabase } from '../../test/db.ts';
import { createRecordingLogger, waitFor } from '../../test/jobs.ts';
import { createJobs, type ExecuteSql, type Jobs } from './index.ts';

describe('jobs on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let database: DatabaseHandle;
  const db = {
    executeSql: ((text, values) => database.executeSql(text, values)) as ExecuteSql,
    schema: 'pgboss',
  };
  let jobs: Jobs;
  const logger = createRecordingLogger();
  const newJobs = () =>
    createJobs({
      executeSql: db.executeSql,
      logger,
      schema: db.schema,
      pollingIntervalSeconds: 0.5,
    });
  const firstRow = async <R>(text: string, values?: unknown[]) =>
    (await db.executeSql(text, values)).rows[0] as R | undefined;
  const stateOf = async (id: string) =>
    (await firstRow<{ state: string }>(`SELECT state FROM ${db.schema}.job WHERE id = $1`, [id]))
      ?.state;

  beforeAll(async () => {
    database = await createTestDatabase();
    jobs = newJobs();
    await jobs.start();
  });

  afterAll(async () => {
    await jobs.stop();
    await database.close();
  });

  it('runs the handler of a sent job with its data', async () => {
    const received: Array<{ greeting: string }> = [];
    await jobs.work<{ greeting: string }>('test.hello', async (data) => {
      received.push(data);
    });

    const id = await jobs.send('test.hello', { greeting: 'hi' });

    expect(id).toEqual(expect.any(String));
    await waitFor(() => received.length === 1, 8000, 'the handler');
    expect(received).toEqual([{ greeting: 'hi' }]);
    await waitFor(async () => (await stateOf(id!)) === 'completed', 8000, 'the job to complete');
  });

  it('retries a failing handler until it succeeds', async () => {
    let attempts = 0;
    await jobs.work<{ n: number }>('test.flaky', async () => {
      attempts++;
      if (attempts < 2) throw new Error(`transient failure ${attempts}`);
    });

    const id = await jobs.send('test.flaky', { n: 1 }, { retryLimit: 3, retryDelay: 0 });

    await waitFor(async () => (await stateOf(id!)) === 'completed', 10_000, 'the job to complete');
    expect(attempts).toBe(2);
    const warnings = logger.entries.filter((e) => e.msg === 'jobs: job failed, will retry');
    expect(warnings.map((w) => (w.obj as { jobId: string }).jobId)).toEqual([id]);
  });

  it('marks a job failed once its retries are used up', async () => {
    let attempts = 0;
    await jobs.work('test.broken', async () => {
      attempts++;
      throw new Error('always broken');
    });

    const id = await jobs.send('test.broken', { n: 1 }, { retryLimit: 1, retryDelay: 0 });

    await waitFor(async () => (await stateOf(id!)) === 'failed', 10_000, 'the job to fail');
    expect(attempts).toBe(2);
  });

  it('drains a backlog without a polling pause per job, and without starving timers', async () => {
    for (let i = 0; i < 40; i++) await jobs.send('test.backlog', { i });
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks++;
      if (ticking) setTimeout(tick, 1);
    };
    setTimeout(tick, 1);
    let handled = 0;

    const started = Date.now();
    await jobs.work('test.backlog', async () => {
      handled++;
    });
    await waitFor(() => handled === 40, 8000, 'the backlog');
    const elapsed = Date.now() - started;
    ticking = false;

    expect(elapsed).toBeLessThan(4000); // pg-boss alone would take 40 × 0.5 s
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('logs, rather than crashes on, a failure to record a finished job', async () => {
    const executeSql: ExecuteSql = (text, values) =>
      text.includes("state = 'completed'") && text.includes('UPDATE')
        ? Promise.reject(new Error('connection lost'))
        : db.executeSql(text, values);
    const own = createJobs({
      executeSql,
      logger,
      schema: db.schema,
      pollingIntervalSeconds: 0.5,
    });
    await own.start();
    await own.work('test.unrecorded', async () => {});

    const id = await own.send('test.unrecorded', { n: 1 });

    await waitFor(() =>
      logger.entries.some(
        (e) => e.msg === 'jobs: could not record a job result; it will expire and retry',
      ),
    );
    await own.stop();
    expect(await stateOf(id!)).toBe('active'); // maintenance expires it later, then it retries
  });

  it('de-duplicates by singletonKey within singletonSeconds', async () => {
    const first = await jobs.send(
      'test.single',
      { n: 1 },
      { singletonKey: 'k', singletonSeconds: 60 },
    );
    const second = await jobs.send(
      'test.single',
      { n: 2 },
      { singletonKey: 'k', singletonSeconds: 60 },
    );

    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
  });

  it('stops promptly, waits for a running handler, then issues no more queries', async () => {
    let queries = 0;
    const executeSql: ExecuteSql = (text, values) => {
      queries++;
      return db.executeSql(text, values);
    };
    const own = createJobs({
      executeSql,
      logger,
      schema: db.schema,
      pollingIntervalSeconds: 0.5,
    });
    await own.start();
    let release!: () => void;
    let finished = false;
    const handlerStarted = new Promise<void>((resolveStarted) => {
      void own.work('test.slow', async () => {
        resolveStarted();
        await new Promise<void>((r) => (release = r));
        finished = true;
      });
    });
    const id = await own.send('test.slow', { n: 1 });
    await handlerStarted;

    setTimeout(() => release(), 300);
    const before = Date.now();
    await own.stop();
    const stopMs = Date.now() - before;

    expect(finished).toBe(true);
    expect(stopMs).toBeLessThan(2000);
    expect(await stateOf(id!)).toBe('completed');
    const afterStop = queries;
    await new Promise((r) => setTimeout(r, 600));
    expect(queries).toBe(afterStop);
  });

  it('runs pg-boss maintenance, a multi-statement script, on this database', async () => {
    const own = createJobs({
      executeSql: db.executeSql,
      logger,
      schema: db.schema,
      maintenanceIntervalSeconds: 1,
    });
    await own.start();

    await waitFor(
      async () =>
        (
          await firstRow<{ maintained_on: Date | null }>(
            `SELECT maintained_on FROM ${db.schema}.version`,
          )
        )?.maintained_on,
      5000,
      'maintenance',
    );
    await own.stop();

    expect(logger.entries.filter((e) => e.msg === 'jobs: pg-boss error')).toEqual([]);
  });

  it('stops within a moment when idle', async () => {
    const own = newJobs();
    await own.start();
    await own.work('test.idle', async () => {});

    const before = Date.now();
    await own.stop();

    expect(Date.now() - before).toBeLessThan(500);
    await own.stop(); // a second stop is harmless
  });
});

describe('jobs options', () => {
  const executeSql: ExecuteSql = async () => ({ rows: [] });
  const logger = createRecordingLogger();

  it('takes a pino logger', () => {
    expect(() => createJobs({ executeSql, logger: pino({ level: 'silent' }) })).not.toThrow();
  });

  it('refuses a polling interval below pg-boss minimum of 0.5 s', () => {
    expect(() => createJobs({ executeSql, logger, pollingIntervalSeconds: 0.1 })).toThrow(
      /at least 0.5/,
    );
  });

  it('reports a failing start and refuses to start again', async () => {
    const failing = createJobs({
      executeSql: async () => {
        throw new Error('database unreachable');
      },
      logger,
    });
    await expect(failing.start()).rejects.toThrow('database unreachable');
    await expect(failing.start()).rejects.toThrow(/create a new instance/);
  });

  it('refuses to send before start()', async () => {
    const jobs = createJobs({ executeSql, logger });
    await expect(jobs.send('x', {})).rejects.toThrow(/start\(\)/);
  });
});
