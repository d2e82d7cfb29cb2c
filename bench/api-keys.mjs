#!/usr/bin/env node
/**
 * The developer API under load (docs/developer.md): reads authenticated by an API key, against
 * the one-query ceiling, interleaved in rounds like bench/run.mjs; then the time of a batch of
 * 500 automated check results on the shipped NIST CSF.
 *
 *   node bench/api-keys.mjs [--duration 3] [--rounds 3] [--batches 5] [--only pglite|postgres]
 *
 * Routes: `key-tenant` GET /api/v1/tenants/{id} (the key's one lookup statement — hash, rate
 * limit, last use — and the tenant read), `key-list` GET /api/v1/tenants. The server runs with
 * AUTH_RATE_LIMIT=false: each key request is still counted, never refused.
 */
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
const ROUNDS = Number(opt('rounds', 3));
const BATCHES = Number(opt('batches', 5));
const ONLY = opt('only', '');
const OWNER = {
  name: 'Bench Owner',
  email: 'bench-keys@tenantry.test',
  password: 'bench-password-1',
};

function cli(env, ...args) {
  execFileSync('node', ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
}

/** An owner on the Business plan (comped by themself as a system admin), a tenant, a key. */
async function setUp(base, env) {
  const call = async (p, { method = 'POST', body, cookie } = {}) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res;
  };
  await call('/api/auth/sign-up/email', { body: OWNER });
  cli(env, 'verify-email', OWNER.email);
  cli(env, 'grant-admin', OWNER.email);
  const cookie = cookieOf(await call('/api/auth/sign-in/email', { body: OWNER }));
  const me = await (await call('/api/v1/me', { method: 'GET', cookie })).json();
  await call(`/api/v1/service/subscriptions/${me.tid}/comp`, {
    cookie,
    body: { plan: 'business', reason: 'Benchmark' },
  });
  const tenant = await (
    await call('/api/v1/tenants', { cookie, body: { name: 'Bench client' } })
  ).json();
  const { secret } = await (
    await call('/api/v1/api-keys', {
      cookie,
      body: { name: 'Bench', scopes: ['tenants:read', 'answers:write'] },
    })
  ).json();
  const lib = await (
    await call('/api/v1/library/frameworks?q=NIST', { method: 'GET', cookie })
  ).json();
  const nist = lib.items.find((f) => f.key === 'nist-csf-2.0');
  return { cookie, tenantId: tenant.id, secret, nistId: nist.id, call };
}

/** A valid value of each question type, varied by `i` (as api-keys.test.ts). */
function valueFor(q, i) {
  switch (q.type) {
    case 'yes_no':
      return ['yes', 'partial', 'no'][i % 3];
    case 'maturity':
      return i % 6;
    case 'single_choice':
      return q.options[i % q.options.length].key;
    case 'multiple_choice':
      return q.options.slice(0, 1 + (i % q.options.length)).map((o) => o.key);
    case 'number':
      return i % 40;
    default:
      return `Observed ${i}`;
  }
}

/** Median time of BATCHES batches of 500 results, each on a fresh assessment. */
async function batchTimes(base, s) {
  const times = [];
  for (let b = 0; b < BATCHES; b++) {
    const a = await (
      await s.call(`/api/v1/tenants/${s.tenantId}/assessments`, {
        cookie: s.cookie,
        body: { frameworkId: s.nistId, version: 1, name: `Batch ${b}` },
      })
    ).json();
    const questions = [];
    const walk = (sec) => {
      questions.push(...sec.questions);
      sec.sections.forEach(walk);
    };
    a.document.sections.forEach(walk);
    const start = Date.now() - 3_600_000;
    const results = Array.from({ length: 500 }, (_, i) => {
      const q = questions[i % questions.length];
      return {
        questionKey: q.key,
        value: valueFor(q, i),
        observedAt: new Date(start + i * 1000).toISOString(),
        evidence: `https://scanner.example/findings/${i}`,
      };
    });
    const t0 = performance.now();
    const res = await fetch(
      `${base}/api/v1/tenants/${s.tenantId}/assessments/${a.id}/check-results`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${s.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          idempotencyKey: `bench-batch-${b}`,
          source: 'Bench scanner',
          results,
        }),
      },
    );
    const ms = performance.now() - t0;
    if (!res.ok) throw new Error(`check-results: ${res.status} ${await res.text()}`);
    times.push(ms);
  }
  times.sort((x, y) => x - y);
  return { median: Math.round(times[Math.floor(times.length / 2)]), max: Math.round(times.at(-1)) };
}

async function benchDatabase(name, env, connections) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tenantry-bench-keys-${name}-`));
  const fullEnv = { DATA_DIR: dataDir, AUTH_RATE_LIMIT: 'false', ...env };
  const server = await startServer(name, fullEnv);
  try {
    const s = await setUp(server.base, fullEnv);
    const auth = { authorization: `Bearer ${s.secret}` };
    const one = `${server.base}/api/v1/tenants/${s.tenantId}`;
    for (const url of [`${server.base}/api/v1/bench/ceiling`, one])
      await fetch(url, { headers: auth });
    const reads = await interleaved(
      { name: 'ceiling', url: `${server.base}/api/v1/bench/ceiling` },
      {
        'key-tenant': { url: one, headers: auth },
        'key-list': { url: `${server.base}/api/v1/tenants`, headers: auth },
      },
      { connections, duration: DURATION, rounds: ROUNDS },
    );
    const batch = await batchTimes(server.base, s);
    return { reads, batch };
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const all = {};
if (ONLY !== 'postgres') {
  console.log(`PGlite, 10 connections, ${ROUNDS} rounds of ${DURATION}s per route…`);
  all.pglite = await benchDatabase('pglite', { DATABASE_URL: '' }, 10);
}
if (ONLY !== 'pglite') {
  if (pgReachable()) {
    console.log(`PostgreSQL, 50 connections, ${ROUNDS} rounds of ${DURATION}s per route…`);
    psql('drop database if exists tenantry_bench_keys with (force)');
    psql('create database tenantry_bench_keys');
    all.postgres = await benchDatabase(
      'postgres',
      { DATABASE_URL: pgDatabaseUrl('tenantry_bench_keys') },
      50,
    );
    psql('drop database if exists tenantry_bench_keys with (force)');
  } else {
    console.log('PostgreSQL not reachable: skipped');
  }
}

console.log('\n| database | route | req/s (median) | p50 ms | p99 ms | errors | vs ceiling |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [db, r] of Object.entries(all)) {
  for (const [route, x] of Object.entries(r.reads)) {
    const ratio = `${Math.round(100 * x.ratio)}%`;
    console.log(`| ${db} | ${route} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.errors} | ${ratio} |`);
  }
}
console.log('\n| database | 500 check results: median ms | max ms |');
console.log('|---|---:|---:|');
for (const [db, r] of Object.entries(all)) {
  console.log(`| ${db} | ${r.batch.median} | ${r.batch.max} |`);
}
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
fs.writeFileSync(
  path.join(root, '.tmp', 'bench-api-keys.json'),
  JSON.stringify(
    { at: new Date().toISOString(), duration: DURATION, rounds: ROUNDS, results: all },
    null,
    2,
  ),
);
