#!/usr/bin/env node
// Benchmarks, side by side in one run (machines here are noisy: compare ratios, not absolutes).
// For each database (embedded PGlite; PostgreSQL when reachable) it starts the real server with
// the comparison routes switched on (BENCH_CEILING_ROUTE=true), signs a user up, then measures:
//   json     GET /api/v1/bench/json      bare JSON, no database (the framework's ceiling)
//   ceiling  GET /api/v1/bench/ceiling   one primary-key SELECT (the database route ceiling)
//   me       GET /api/v1/me              session lookup + claims, signed in
// in interleaved rounds with the ceiling (ceiling, json, ceiling, me, and again); each ratio is
// the median over the rounds of the route's req/s over the ceiling's run just before it.
// Usage: node bench/run.mjs [--duration 3] [--rounds 5] [--only pglite|postgres]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cookieOf,
  interleaved,
  opt,
  pgDatabaseUrl,
  pgReachable,
  psql,
  root,
  startServer,
  stopServer,
} from './lib.mjs';

const DURATION = Number(opt('duration', 3));
const ROUNDS = Number(opt('rounds', 5));
const ONLY = opt('only', '');

const BENCH_USER = {
  name: 'Bench User',
  email: 'bench@tenantry.test',
  password: 'bench-password-1',
};

/**
 * Signs the bench user up, proves the address as an operator would (the CLI's verify-email,
 * against the same database), and signs in: the session cookie.
 */
async function signUp(base, env) {
  const post = (p, body) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
  const res = await post('/api/auth/sign-up/email', BENCH_USER);
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  execFileSync(
    'node',
    ['--import', 'tsx', 'apps/server/src/cli.ts', 'verify-email', BENCH_USER.email],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'pipe',
    },
  );
  const signIn = await post('/api/auth/sign-in/email', BENCH_USER);
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = cookieOf(signIn);
  const me = await fetch(`${base}/api/v1/me`, { headers: { cookie } });
  if (!me.ok || (await me.json()) === null) throw new Error(`/me failed: ${me.status}`);
  return cookie;
}

async function benchDatabase(name, env, connections) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tenantry-bench-${name}-`));
  const server = await startServer(name, { DATA_DIR: dataDir, ...env });
  try {
    const cookie = await signUp(server.base, { DATA_DIR: dataDir, ...env });
    // Warm up every route once so JIT and caches are comparable.
    for (const p of ['/api/v1/bench/json', '/api/v1/bench/ceiling', '/api/v1/me']) {
      await fetch(server.base + p, { headers: { cookie } });
    }
    return await interleaved(
      { name: 'ceiling', url: `${server.base}/api/v1/bench/ceiling` },
      {
        json: { url: `${server.base}/api/v1/bench/json` },
        me: { url: `${server.base}/api/v1/me`, headers: { cookie } },
      },
      { connections, duration: DURATION, rounds: ROUNDS },
    );
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function freshPgDatabase(dbName) {
  psql(`drop database if exists ${dbName} with (force)`);
  psql(`create database ${dbName}`);
  return pgDatabaseUrl(dbName);
}

const all = {};
if (ONLY !== 'postgres') {
  console.log(`PGlite, 10 connections, ${ROUNDS} rounds of ${DURATION}s per route…`);
  all.pglite = await benchDatabase('pglite', { DATABASE_URL: '' }, 10);
}
if (ONLY !== 'pglite') {
  if (pgReachable()) {
    console.log(`PostgreSQL, 50 connections, ${ROUNDS} rounds of ${DURATION}s per route…`);
    const url = freshPgDatabase('tenantry_bench');
    all.postgres = await benchDatabase('postgres', { DATABASE_URL: url }, 50);
    psql('drop database if exists tenantry_bench with (force)');
  } else {
    console.log('PostgreSQL not reachable: skipped');
  }
}

console.log(
  '\n| database | route | req/s (median) | p50 ms | p99 ms | errors | vs ceiling (median of rounds) |',
);
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [db, r] of Object.entries(all)) {
  for (const [route, x] of Object.entries(r)) {
    const ratio = `${Math.round(100 * x.ratio)}%`;
    console.log(`| ${db} | ${route} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.errors} | ${ratio} |`);
  }
}
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
fs.writeFileSync(
  path.join(root, '.tmp', 'bench.json'),
  JSON.stringify(
    { at: new Date().toISOString(), duration: DURATION, rounds: ROUNDS, results: all },
    null,
    2,
  ),
);
