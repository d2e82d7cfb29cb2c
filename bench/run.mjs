#!/usr/bin/env node
// Benchmarks, side by side in one run (machines here are noisy: compare ratios, not absolutes).
// For each database (embedded PGlite; PostgreSQL when reachable) it starts the real server with
// the comparison routes switched on (BENCH_CEILING_ROUTE=true), signs a user up, then measures:
//   json     GET /api/v1/bench/json      bare JSON, no database (the framework's ceiling)
//   ceiling  GET /api/v1/bench/ceiling   one primary-key SELECT (the database route ceiling)
//   me       GET /api/v1/me              session lookup + claims, signed in
// Usage: node bench/run.mjs [--duration 10] [--only pglite|postgres]
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const DURATION = Number(opt('duration', 10));
const ONLY = opt('only', '');
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startServer(name, env) {
  const port = 4500 + Math.floor(Math.random() * 400);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tenantry-bench-${name}-`));
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BENCH_CEILING_ROUTE: 'true',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { child, base, dataDir };
    } catch {
      /* not up yet */
    }
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error(`${name}: server did not start`);
}

async function stopServer({ child, dataDir }) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function signUp(base) {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({
      name: 'Bench User',
      email: 'bench@tenantry.test',
      password: 'bench-password-1',
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = await fetch(`${base}/api/v1/me`, { headers: { cookie } });
  if (!me.ok) throw new Error(`/me failed: ${me.status}`);
  return cookie;
}

function load(url, connections, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: DURATION, headers }, (err, r) => {
      if (err) return reject(err);
      resolve({
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
      });
    });
  });
}

async function benchDatabase(name, env, connections) {
  const server = await startServer(name, env);
  try {
    const cookie = await signUp(server.base);
    // Warm up every route once so JIT and caches are comparable.
    for (const p of ['/api/v1/bench/json', '/api/v1/bench/ceiling', '/api/v1/me']) {
      await fetch(server.base + p, { headers: { cookie } });
    }
    const results = {};
    results.json = await load(`${server.base}/api/v1/bench/json`, connections);
    results.ceiling = await load(`${server.base}/api/v1/bench/ceiling`, connections);
    results.me = await load(`${server.base}/api/v1/me`, connections, { cookie });
    return results;
  } finally {
    await stopServer(server);
  }
}

function pgReachable() {
  try {
    execFileSync('psql', [PG_ADMIN_URL, '-qAtc', 'select 1'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

function freshPgDatabase(dbName) {
  execFileSync('psql', [PG_ADMIN_URL, '-qc', `drop database if exists ${dbName} with (force)`], {
    stdio: 'pipe',
  });
  execFileSync('psql', [PG_ADMIN_URL, '-qc', `create database ${dbName}`], { stdio: 'pipe' });
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
}

const all = {};
if (ONLY !== 'postgres') {
  console.log(`PGlite, 10 connections, ${DURATION}s per route…`);
  all.pglite = await benchDatabase('pglite', { DATABASE_URL: '' }, 10);
}
if (ONLY !== 'pglite') {
  if (pgReachable()) {
    console.log(`PostgreSQL, 50 connections, ${DURATION}s per route…`);
    const url = freshPgDatabase('tenantry_bench');
    all.postgres = await benchDatabase('postgres', { DATABASE_URL: url }, 50);
    execFileSync(
      'psql',
      [PG_ADMIN_URL, '-qc', 'drop database if exists tenantry_bench with (force)'],
      { stdio: 'pipe' },
    );
  } else {
    console.log('PostgreSQL not reachable: skipped');
  }
}

console.log('\n| database | route | req/s | p50 ms | p99 ms | errors | vs ceiling |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [db, r] of Object.entries(all)) {
  for (const [route, x] of Object.entries(r)) {
    const ratio = route === 'json' ? '—' : `${Math.round((100 * x.rps) / r.ceiling.rps)}%`;
    console.log(`| ${db} | ${route} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.errors} | ${ratio} |`);
  }
}
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
fs.writeFileSync(
  path.join(root, '.tmp', 'bench.json'),
  JSON.stringify({ at: new Date().toISOString(), duration: DURATION, results: all }, null, 2),
);
