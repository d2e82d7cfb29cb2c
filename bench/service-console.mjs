#!/usr/bin/env node
// The service console at scale (issue 23: p99 < 100 ms on PostgreSQL at 10,000 accounts,
// 100,000 users and 10,000,000 analytics events). For each database (PostgreSQL at 50
// connections when reachable; embedded PGlite at 10 with --only pglite or without PostgreSQL)
// it seeds with `npm run seed:scale -- --service …` (apps/server/src/scripts/seed-service.ts:
// accounts, users with memberships, events over a year rolled up by day, audit entries),
// starts the real server with BENCH_CEILING_ROUTE=true, signs in as the seeded system admin and
// measures, interleaved with the ceiling (one primary-key SELECT; see tenants.mjs):
//   overview   GET /api/v1/service/overview
//   accounts   GET /api/v1/service/accounts
//   users      GET /api/v1/service/users
//   analytics  GET /api/v1/service/analytics?from=<a year ago>&to=<today>   (366 days)
//   audit      GET /api/v1/service/audit?limit=50
// A route that answers 404 (not built on this branch) is skipped with a note.
// Usage: node bench/service-console.mjs [--duration 3] [--rounds 3] [--only pglite|postgres]
//        [--keep] [--connections N] [--service-accounts 10000] [--service-users 100000] [--events 10000000] [--audit N]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
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
const ONLY = opt('only', '');
const ACCOUNTS = Number(opt('service-accounts', 10_000));
const USERS = Number(opt('service-users', 100_000));
const EVENTS = Number(opt('events', 10_000_000));
const AUDIT = opt('audit', '');
// --keep: keep (and reuse) the PostgreSQL database: the seed adds nothing to a seeded one.
const KEEP = process.argv.includes('--keep');
// --connections N: concurrent clients (default 50 on PostgreSQL, 10 on PGlite). The console has a
// handful of staff at once: 10 is its own load; 50 is a stress the other benches share.
const CONNECTIONS = opt('connections', '');
const PG_DB = 'tenantry_bench_service';
// Kept in step with apps/server/src/scripts/seed-service.ts and seed-scale.ts.
const ADMIN = 'admin@service.scale.tenantry.test';
const PASSWORD = 'scale-password-1';

const day = (t) => new Date(t).toISOString().slice(0, 10);
const ROUTES = {
  overview: '/api/v1/service/overview',
  accounts: '/api/v1/service/accounts',
  // Find an account by its owner's e-mail (the console's first step), and a user by theirs.
  'accounts?q': `/api/v1/service/accounts?q=${encodeURIComponent('user-004321@service')}`,
  users: '/api/v1/service/users',
  'users?q': `/api/v1/service/users?q=${encodeURIComponent('user-043210@service')}`,
  analytics: `/api/v1/service/analytics?from=${day(Date.now() - 365 * 86_400_000)}&to=${day(Date.now())}`,
  audit: '/api/v1/service/audit?limit=50',
};

/**
 * The seeded system admin's session cookie. The service console needs the admin's second
 * factor (docs/identity.md): the first run sets up an authenticator app (its key kept in the
 * temporary folder, per database), later runs give its code after the password.
 */
async function adminSession(base, name) {
  const keyFile = path.join(os.tmpdir(), `tenantry-bench-${name}-admin-totp.json`);
  const post = (route, body, cookie) =>
    fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const res = await post('/api/auth/sign-in/email', { email: ADMIN, password: PASSWORD });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const answer = await res.json();
  const code = (secret) => generate({ secret });
  if (answer.twoFactorRedirect) {
    const { secret } = JSON.parse(fs.readFileSync(keyFile, 'utf8'));
    const verified = await post(
      '/api/auth/two-factor/verify-totp',
      { code: await code(secret) },
      cookieOf(res),
    );
    if (!verified.ok) throw new Error(`second factor refused: ${verified.status}`);
    return cookieOf(verified);
  }
  const cookie = cookieOf(res);
  const enable = await post('/api/auth/two-factor/enable', { password: PASSWORD }, cookie);
  if (!enable.ok) throw new Error(`two-factor setup failed: ${enable.status}`);
  const secret = new URL((await enable.json()).totpURI).searchParams.get('secret');
  fs.writeFileSync(keyFile, JSON.stringify({ secret }));
  const confirm = await post(
    '/api/auth/two-factor/verify-totp',
    { code: await code(secret) },
    cookie,
  );
  if (!confirm.ok) throw new Error(`two-factor confirmation failed: ${confirm.status}`);
  return cookieOf(confirm);
}

async function benchDatabase(name, env, connections) {
  console.log(
    `\n${name}: seeding ${ACCOUNTS} accounts, ${USERS} users, ${EVENTS} events${AUDIT ? `, ${AUDIT} audit entries` : ''}…`,
  );
  const began = Date.now();
  execFileSync(
    'node',
    [
      '--import',
      'tsx',
      'apps/server/src/scripts/seed-scale.ts',
      ...['--accounts', '0', '--tenants-per-account', '0', '--big', '0', '--answers', '0'],
      '--service',
      ...['--service-accounts', String(ACCOUNTS), '--service-users', String(USERS)],
      ...['--events', String(EVENTS)],
      ...(AUDIT ? ['--audit', AUDIT] : []),
    ],
    { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' },
  );
  const seedSeconds = Math.round((Date.now() - began) / 1000);
  const server = await startServer(name, env);
  try {
    const headers = { cookie: await adminSession(server.base, name) };
    const routes = {};
    const skipped = [];
    for (const [route, url] of Object.entries(ROUTES)) {
      const probe = await fetch(`${server.base}${url}`, { headers });
      await probe.arrayBuffer();
      if (probe.status === 404) skipped.push(route);
      else if (!probe.ok) throw new Error(`${name}: ${route} answered ${probe.status}`);
      else routes[route] = { url: `${server.base}${url}`, headers };
    }
    for (const route of skipped) console.log(`${name}: ${route} answers 404 here — skipped`);
    for (let i = 0; i < 30; i++) {
      await fetch(`${server.base}/api/v1/bench/ceiling`);
      for (const r of Object.values(routes)) await (await fetch(r.url, { headers })).arrayBuffer();
    }
    console.log(`${name}: ${connections} connections, ${ROUNDS} rounds of ${DURATION}s per route…`);
    const result = await interleaved(
      { name: 'ceiling', url: `${server.base}/api/v1/bench/ceiling` },
      routes,
      { connections, duration: DURATION, rounds: ROUNDS },
    );
    return { result, skipped, seedSeconds };
  } finally {
    await stopServer(server);
  }
}

const all = {};
if (ONLY === 'pglite' || (ONLY !== 'postgres' && !pgReachable())) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-service-'));
  try {
    all.pglite = await benchDatabase(
      'pglite',
      { DATABASE_URL: '', DATA_DIR: dataDir },
      Number(CONNECTIONS || 10),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (ONLY !== 'pglite' && pgReachable()) {
  if (!KEEP) psql(`drop database if exists ${PG_DB} with (force)`);
  try {
    psql(`create database ${PG_DB}`);
  } catch (e) {
    if (!KEEP) throw e; // with --keep, an existing database is reused
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-service-pg-'));
  try {
    all.postgres = await benchDatabase(
      'postgres',
      { DATABASE_URL: pgDatabaseUrl(PG_DB), DATA_DIR: dataDir },
      Number(CONNECTIONS || 50),
    );
  } finally {
    if (!KEEP) psql(`drop database if exists ${PG_DB} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pct = (ratio) => `${Math.round(100 * ratio)}%`;
const verdicts = [];
console.log(
  `\nScale: ${ACCOUNTS} accounts, ${USERS} users, ${EVENTS} events.\n\n| database | route | req/s (median) | p50 ms | p99 ms | errors | vs ceiling | budget |`,
);
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const [db, { result, skipped }] of Object.entries(all)) {
  const budget = db === 'postgres' ? 100 : 500;
  for (const [route, x] of Object.entries(result)) {
    const ok = route === 'ceiling' || (x.p99 < budget && x.errors === 0);
    if (route !== 'ceiling') verdicts.push(ok);
    console.log(
      `| ${db} | ${route} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.errors} | ${pct(x.ratio)} | ${route === 'ceiling' ? '' : `${ok ? 'met' : 'MISSED'} (p99 < ${budget} ms)`} |`,
    );
  }
  for (const route of skipped)
    console.log(`| ${db} | ${route} | — | — | — | — | — | skipped (404) |`);
}
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
fs.writeFileSync(
  path.join(root, '.tmp', 'bench-service-console.json'),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      accounts: ACCOUNTS,
      users: USERS,
      events: EVENTS,
      results: all,
    },
    null,
    2,
  ),
);
process.exitCode = verdicts.every(Boolean) ? 0 : 1;
