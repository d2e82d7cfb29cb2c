/**
 * Measures the queue on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL:
 * N jobs sent one after another, then processed by one worker of this process, and the
 * latency of an application query (`SELECT 1`) issued every 20 ms while the worker is busy,
 * to show that the queue does not stall PGlite's single connection.
 *
 *   npx tsx bench/jobs.ts [jobs=200]
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/jobs.ts
 */
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createJobs, type ExecuteSql } from '../apps/server/src/lib/jobs/index.ts';
import { createRecordingLogger } from '../apps/server/src/test/jobs.ts';

const count = Number(process.argv[2] ?? 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

async function measure(label: string, executeSql: ExecuteSql, schema: string): Promise<void> {
  const logger = createRecordingLogger();
  const jobs = createJobs({ executeSql, logger, schema, pollingIntervalSeconds: 0.5 });
  const t0 = performance.now();
  await jobs.start();
  const startMs = performance.now() - t0;

  let done = 0;
  let allDone!: () => void;
  const finished = new Promise<void>((resolve) => (allDone = resolve));

  // 1) enqueue only
  const t1 = performance.now();
  for (let i = 0; i < count; i++) await jobs.send('measure.job', { i });
  const sendMs = performance.now() - t1;

  // 2) process the backlog, while an application query runs every 20 ms
  const latencies: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const s = performance.now();
      await executeSql('SELECT 1');
      latencies.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t2 = performance.now();
  await jobs.work('measure.job', async () => {
    if (++done === count) allDone();
  });
  await finished;
  const drainMs = performance.now() - t2;
  probing = false;
  await probe;

  // 3) send-to-handled latency of single jobs on an idle worker
  const single: number[] = [];
  let resolveOne: (() => void) | undefined;
  await jobs.work('measure.one', async () => resolveOne?.());
  for (let i = 0; i < 20; i++) {
    const s = performance.now();
    const handled = new Promise<void>((r) => (resolveOne = r));
    await jobs.send('measure.one', { i });
    await handled;
    single.push(performance.now() - s);
  }

  const t3 = performance.now();
  await jobs.stop();
  const stopMs = performance.now() - t3;

  latencies.sort((a, b) => a - b);
  single.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(0);
  console.log(
    `${label}: start ${f(startMs)} ms | send ${count} jobs ${f(sendMs)} ms (${f((count / sendMs) * 1000)}/s)` +
      ` | process ${count} jobs ${f(drainMs)} ms (${f((count / drainMs) * 1000)}/s)` +
      ` | send→handled p50 ${f(percentile(single, 50))} ms, max ${f(single.at(-1)!)} ms` +
      ` | app SELECT 1 while busy p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (n=${latencies.length})` +
      ` | stop ${f(stopMs)} ms | errors logged ${logger.entries.filter((e) => e.level === 'error').length}`,
  );
}

const lite = new PGlite();
await measure('PGlite    ', (t, v) => lite.query(t, v), 'pgboss');
await lite.close();

if (process.env.TEST_DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 10 });
  const schema = `pgboss_measure_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  try {
    await measure('PostgreSQL', (t, v) => pool.query(t, v), schema);
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  }
}
