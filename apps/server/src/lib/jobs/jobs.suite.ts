// The jobs suite, run against PGlite (jobs.test.ts) and PostgreSQL (jobs.postgres.test.ts).
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type ExecuteSql, type Jobs } from './index.ts';
import { createRecordingLogger, waitFor } from './testing.ts';

export interface Database {
  executeSql: ExecuteSql;
  schema: string;
  close(): Promise<void>;
}

export async function openPglite(): Promise<Database> {
  const db = new PGlite();
  return {
    executeSql: (text, values) => db.query(text, values),
    schema: 'pgboss',
    close: () => db.close(),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // A schema of our own per run, so parallel runs and other suites do not meet.
  const schema = `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  return {
    executeSql: (text, values) => pool.query(text, values),
    schema,
    async close() {
      await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}

export function describeJobs(name: string, open: (() => Promise<Database>) | null): void {
  describe(`jobs on ${name}`, () => {
    let db: Database;
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
      if (!open) return;
      db = await open();
      jobs = newJobs();
      await jobs.start();
    });

    afterAll(async () => {
      if (!open) return;
      await jobs.stop();
      await db.close();
    });

    it.skipIf(!open)('runs the handler of a sent job with its data', async () => {
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

    it.skipIf(!open)('retries a failing handler until it succeeds', async () => {
      let attempts = 0;
      await jobs.work<{ n: number }>('test.flaky', async () => {
        attempts++;
        if (attempts < 2) throw new Error(`transient failure ${attempts}`);
      });

      const id = await jobs.send('test.flaky', { n: 1 }, { retryLimit: 3, retryDelay: 0 });

      await waitFor(
        async () => (await stateOf(id!)) === 'completed',
        10_000,
        'the job to complete',
      );
      expect(attempts).toBe(2);
      const warnings = logger.entries.filter((e) => e.msg === 'jobs: job failed, will retry');
      expect(warnings.map((w) => (w.obj as { jobId: string }).jobId)).toEqual([id]);
    });

    it.skipIf(!open)('marks a job failed once its retries are used up', async () => {
      let attempts = 0;
      await jobs.work('test.broken', async () => {
        attempts++;
        throw new Error('always broken');
      });

      const id = await jobs.send('test.broken', { n: 1 }, { retryLimit: 1, retryDelay: 0 });

      await waitFor(async () => (await stateOf(id!)) === 'failed', 10_000, 'the job to fail');
      expect(attempts).toBe(2);
    });

    it.skipIf(!open)(
      'drains a backlog without a polling pause per job, and without starving timers',
      async () => {
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
      },
    );

    it.skipIf(!open)(
      'logs, rather than crashes on, a failure to record a finished job',
      async () => {
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
      },
    );

    it.skipIf(!open)('de-duplicates by singletonKey within singletonSeconds', async () => {
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

    it.skipIf(!open)(
      'stops promptly, waits for a running handler, then issues no more queries',
      async () => {
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
      },
    );

    it.skipIf(!open)(
      'runs pg-boss maintenance, a multi-statement script, on this database',
      async () => {
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
      },
    );

    it.skipIf(!open)('stops within a moment when idle', async () => {
      const own = newJobs();
      await own.start();
      await own.work('test.idle', async () => {});

      const before = Date.now();
      await own.stop();

      expect(Date.now() - before).toBeLessThan(500);
      await own.stop(); // a second stop is harmless
    });
  });
}
