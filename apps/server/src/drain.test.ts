/**
 * The drain on SIGTERM (server.ts, docs/operations.md "Draining"), on a real server process:
 * /readyz answers 503 at once while the process still serves for DRAIN_DELAY_MS, then the
 * listener closes; a request that was in flight finishes; a live stream is told to reconnect
 * and ends cleanly; the process exits 0. The data is made beforehand through the app on the
 * same PGlite directory (the server then owns it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { setupTestApp, tempDir, testConfig } from './test/app.ts';
import { addTenant } from './test/data.ts';
import { waitFor } from './test/jobs.ts';
import { signUpPerson } from './test/people.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const data = tempDir('tenantry-drain-');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request on a connection of its own; resolves with the whole answer. */
function request(
  port: number,
  p: string,
  init: { method?: string; headers?: http.OutgoingHttpHeaders } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, agent: false, ...init }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

let cookie = '';
let tenantId = '';
let server: ChildProcess | null = null;
let output = '';

beforeAll(async () => {
  // The data, made through the app on the directory the server will open.
  // The migrated template of this run, written into the directory (faster than migrating).
  // (A run on PostgreSQL has no PGlite template: then the directory is migrated.)
  const template = inject('pgliteTemplate');
  const pglite = await PGlite.create({
    dataDir: path.join(data.dir, 'pglite'),
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
  const database = await openDatabase({ pglite });
  if (!template) await database.migrate();
  const t = await setupTestApp({ database, config: { dataDir: data.dir } });
  const owner = await signUpPerson(t, 'drain');
  tenantId = await addTenant(t, owner.tid, 'Draining Ltd');
  cookie = [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  await t.close();
}, 120_000);

afterAll(() => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  data.remove();
});

describe('graceful drain of a server process', () => {
  it('answers 503 on /readyz, finishes in-flight work, tells streams to reconnect, exits 0', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: data.dir,
        AUTH_SECRET: testConfig().authSecret,
        APP_ENV: 'test',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
        DRAIN_DELAY_MS: '1500',
        DRAIN_TIMEOUT_MS: '10000',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    child.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );

    await waitFor(
      async () => (await request(port, '/readyz').catch(() => null))?.status === 200,
      90_000,
      `the server to be ready:\n${output}`,
    );

    // A live stream of the tenant, followed as it comes.
    let stream = '';
    let streamEnded = false;
    const streamReq = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/v1/tenants/${tenantId}/live`,
        agent: false,
        headers: { cookie },
      },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (stream += chunk));
        res.on('end', () => (streamEnded = true));
      },
    );
    streamReq.on('error', () => {});
    await waitFor(() => stream.includes('retry: 1000'), 10_000, 'the stream to open');

    // A request in flight: its body arrives in two parts, the second after the listener closed.
    const body = JSON.stringify({ events: [{ name: 'page_view', path: '/drain' }] });
    const half = Math.floor(body.length / 2);
    const slow = new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v1/analytics/events',
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            origin: `http://127.0.0.1:${port}`,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
          );
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      setTimeout(() => req.end(body.slice(half)), 2_500);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));

    child.kill('SIGTERM');

    // Draining: still answering (DRAIN_DELAY_MS), but not ready.
    const ready = await waitFor(
      async () => {
        const res = await request(port, '/readyz').catch(() => null);
        return res?.status === 503 ? res : null;
      },
      1_400,
      'readiness to flip to 503',
    );
    expect(JSON.parse(ready.body)).toMatchObject({ error: { code: 'common.unavailable' } });
    expect(ready.headers.connection).toBe('close');
    expect((await request(port, '/livez')).status).toBe(200);

    // Then the listener closes: a new connection is refused.
    await waitFor(
      async () =>
        (await request(port, '/livez').then(
          () => null,
          (err: NodeJS.ErrnoException) => err.code,
        )) === 'ECONNREFUSED',
      3_000,
      'the listener to close',
    );
    // The stream was told to reconnect, and ended cleanly.
    await waitFor(() => streamEnded, 3_000, 'the live stream to end');
    expect(stream).toMatch(
      /retry: \d+\nevent: reconnect\ndata: \{"reason":"server stopping"\}\n\n$/,
    );

    // The request in flight finished, after the listener had closed.
    const answered = await slow;
    expect(answered.status, answered.body).toBeLessThan(300);
    expect(answered.headers.connection).toBe('close');

    expect(await exited).toBe(0);
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string });
    const messages = lines.map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'draining',
        'jobs: no longer taking jobs',
        'jobs: stopped',
        'stopped',
      ]),
    );
    expect(messages.indexOf('draining')).toBeLessThan(messages.indexOf('stopped'));
  }, 150_000);
});
