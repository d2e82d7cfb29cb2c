/**
 * Operations (docs/operations.md): GET /metrics and its documented series, liveness and
 * readiness (503 while draining or without the database), and request ids carried into the
 * jobs a request queues and onto error lines. On PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (then the pool's gauges too).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createJobs, type Jobs } from '../lib/jobs/index.ts';
import { createLogger } from '../lib/logger.ts';
import { setupTestApp, type TestApp, type TestClient } from '../test/app.ts';
import { ownerWithFramework } from '../test/data.ts';
import { createTestDatabase } from '../test/db.ts';
import { waitFor } from '../test/jobs.ts';
import { signUpPerson } from '../test/people.ts';
import { createMetricsApp } from './metrics.ts';

const TOKEN = 't'.repeat(40);
const DOCS = path.resolve(import.meta.dirname, '../../../../docs/operations.md');

/** Every JSON line the app logs, kept for the assertions. */
function captureLogs() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

let database: DatabaseHandle;
let jobs: Jobs;
let t: TestApp;
/** The same database on a queue that delivers at once: people sign up there, without waiting. */
let people: TestApp;
const logs = captureLogs();

beforeAll(async () => {
  database = await createTestDatabase();
  // The real queue (pg-boss on this database), so jobs run as in production: apart from the
  // request that sent them.
  jobs = createJobs({
    executeSql: database.executeSql,
    logger: logs.logger.child({ module: 'jobs' }),
    pollingIntervalSeconds: 0.5,
  });
  await jobs.start();
  t = await setupTestApp({
    database,
    jobs,
    logger: logs.logger,
    config: { metrics: { token: TOKEN, port: undefined, host: '127.0.0.1' } },
  });
  people = await setupTestApp({ database });
}, 60_000);

/** A client of the app under test with the session of `client` (same database and secret). */
function sessionOn(app: TestApp, client: TestClient): TestClient {
  const moved = app.client();
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

afterAll(async () => {
  await jobs?.stop();
  await t?.close();
});

const scrape = (init: RequestInit = {}) =>
  t.client().get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` }, ...init });

/** The series names of a scrape (`# TYPE <name> <kind>` lines). */
const seriesOf = (text: string) =>
  new Set([...text.matchAll(/^# TYPE (\S+) \S+$/gm)].map((m) => m[1]!));

describe('GET /metrics', () => {
  it('refuses a scrape without the token, in the one error shape', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await t.client().get('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('common.unauthenticated');
    }
  });

  it('serves every series docs/operations.md lists, and lists every series it serves', async () => {
    const { owner, tenantId } = await ownerWithFramework(people);
    // A request on a route with a parameter, and a job waiting in a queue nobody works.
    const res0 = await sessionOn(t, owner.client).get(`/api/v1/tenants/${tenantId}`);
    expect(res0.status).toBe(200);
    await jobs.send('ops.metrics-test', { n: 1 });

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const served = [...seriesOf(text)].filter((n) => n.startsWith('tenantry_'));
    const documented = [...readFileSync(DOCS, 'utf8').matchAll(/^\| `(tenantry_[a-z_]+)`/gm)].map(
      (m) => m[1]!,
    );
    expect(documented.length).toBeGreaterThan(10);
    expect(new Set(served)).toEqual(new Set(documented));
    // Process metrics from prom-client.
    for (const name of ['process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds']) {
      expect(text).toContain(`# TYPE ${name} `);
    }

    // The route's pattern, never the raw path (bounded cardinality).
    expect(text).toMatch(
      /tenantry_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/tenants\/:tenantId",status_class="2xx"\} [1-9]/,
    );
    expect(text).not.toContain(tenantId);
    expect(text).toMatch(/tenantry_job_queue_jobs\{queue="ops.metrics-test",state="created"\} 1/);
    expect(text).toMatch(/tenantry_job_queue_jobs\{queue="mail.send",state="created"\} \d+/);
    expect(text).toMatch(
      /tenantry_mail_deliveries_total\{transport="mailbox",outcome="sent"\} [1-9]/,
    );
    expect(text).toMatch(/tenantry_draining 0/);
    expect(text).toMatch(/tenantry_live_streams 0/);
    if (database.kind === 'postgres') {
      expect(text).toMatch(/tenantry_db_pool_connections\{state="idle"\} \d+/);
      expect(text).toMatch(/tenantry_db_pool_max_connections 5/);
    }
  });

  it('is not on the public port when METRICS_PORT is set: its own listener serves it', async () => {
    const own = await setupTestApp({
      database,
      config: { metrics: { token: undefined, port: 9464, host: '127.0.0.1' } },
    });
    // Not a metrics answer (the web app's own page for an unknown address; no build in tests).
    const res = await own.client().get('/metrics');
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('# TYPE');
    expect(own.collectMetrics).toBeDefined();
    const metricsApp = createMetricsApp(own.collectMetrics!, undefined);
    const scraped = await metricsApp.request('/metrics');
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE tenantry_http_request_duration_seconds');
    expect((await metricsApp.request('/healthz')).status).toBe(404);
  });

  it('is off unless configured', async () => {
    const off = await setupTestApp({ database });
    expect(off.collectMetrics).toBeUndefined();
    const res = await off.client().get('/metrics');
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('# TYPE');
  });
});

describe('liveness and readiness', () => {
  it('/livez and /readyz answer 200; /readyz 503 from the moment the process drains', async () => {
    const app = await setupTestApp({ database });
    const client = app.client();
    for (const p of ['/livez', '/readyz', '/healthz']) {
      const res = await client.get(p);
      expect(res.status, p).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    }
    app.deps.lifecycle.startDraining();
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(503);
    const body = ErrorBodySchema.parse(await ready.json());
    expect(body.error).toMatchObject({ code: 'common.unavailable' });
    expect(body.error.message).toMatch(/draining/);
    // Still alive; and every answer now closes its connection.
    const live = await client.get('/livez');
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
  });

  it('/readyz answers 503 when the database does not answer', async () => {
    const own = await createTestDatabase();
    const app = await setupTestApp({ database: own });
    expect((await app.client().get('/readyz')).status).toBe(200);
    await own.close();
    const res = await app.client().get('/readyz');
    expect(res.status).toBe(503);
    expect(ErrorBodySchema.parse(await res.json()).error.message).toMatch(/database/);
    expect((await app.client().get('/livez')).status).toBe(200);
  });
});

describe('request ids in the logs', () => {
  it('a job a request queued logs with the request id, on the worker', async () => {
    const client = t.client();
    const email = `trace-${Date.now()}@example.com`;
    const res = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, name: 'Trace Me', password: 'correct horse battery' },
      headers: { 'x-request-id': 'req-trace-0001' },
    });
    expect(res.status).toBe(200);
    const delivered = await waitFor(
      () =>
        logs.lines.find(
          (l) =>
            l.msg === 'mail: stored in the development mailbox' && l.reqId === 'req-trace-0001',
        ),
      15_000,
      'the sign-up code e-mail delivered by the worker',
    );
    expect(delivered).toMatchObject({ queue: 'mail.send', jobId: expect.any(String) });
    // The request's own lines carry it too, and the job's data does not show it to the handler.
    expect(logs.lines).toContainEqual(
      expect.objectContaining({ msg: 'request', reqId: 'req-trace-0001', route: '/api/auth/*' }),
    );
    const [stored] = await t.mailTo(email);
    expect(stored?.subject).toMatch(/code/);
  });

  it('an error line has method, route, status, request id and account id', async () => {
    const owner = await signUpPerson(people, 'erroring');
    // The audit log's table gone: reading it fails past the guard, where the account is known.
    await t.database.db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      const res = await sessionOn(t, owner.client).get('/api/v1/audit', {
        headers: { 'x-request-id': 'req-error-0001' },
      });
      expect(res.status).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
    const mine = logs.lines.filter((l) => l.reqId === 'req-error-0001');
    expect(mine.find((l) => l.msg === 'unhandled error')).toMatchObject({
      level: 50,
      method: 'GET',
      route: '/api/v1/audit',
      status: 500,
      accountId: owner.tid,
    });
    expect(mine.find((l) => l.msg === 'request')).toMatchObject({
      level: 50,
      method: 'GET',
      path: '/api/v1/audit',
      route: '/api/v1/audit',
      status: 500,
      accountId: owner.tid,
    });
  });
});
