#!/usr/bin/env node
// The client-tenant list at scale, side by side in one run (compare ratios, not absolutes).
// For each database (embedded PGlite at 10 connections; PostgreSQL at 50 when reachable) it
// seeds the scale data set with the same code as `npm run seed:scale` (100 accounts of 100
// client tenants + one account of 10,000), starts the real server with BENCH_CEILING_ROUTE=true,
// signs in two owners and measures:
//   ceiling   GET /api/v1/bench/ceiling         one primary-key SELECT (the database ceiling)
//   me        GET /api/v1/me                    session + claims (what every request pays)
//   list@100  GET /api/v1/tenants?limit=25      owner of an account with 100 tenants
//   list@10k  GET /api/v1/tenants?limit=25      owner of the account with 10,000 tenants
//   dashboard@100, dashboard@10k  GET /api/v1/dashboard   the same two owners
//   portfolio@100, portfolio@10k  GET /api/v1/tenants/portfolio?sort=score&limit=50   the posture
//                                  view's first page, weakest score first (docs/portfolio.md)
//   portfolio-section@…   …?sort=section&section=PR        sorted by one section's score
//   portfolio-below@…     …?belowTarget=true&section=PR    below target in that section
//   portfolio-overdue@…   …?overdue=true&sort=score        an overdue task or assessment
//   portfolio-tag@…       …?tag=priority&sort=score        one tag
//   (and, outside the load, the CSV of the whole view: 5 downloads each, one at a time)
//   baseline@100, baseline@10k    GET /api/v1/tenants/{id}/baseline   a NIST CSF tenant of each
//                                  (seed:scale answers ~1,000,000 questions: two completed
//                                  assessments per tenant, the older one the baseline)
// in interleaved rounds (ceiling, me, ceiling, list@100, ceiling, list@10k, and again), so that
// drift of a noisy machine hits both sides of each ratio; each ratio is the median over the
// rounds of the route's req/s over the ceiling's run just before it. It prints
// list@10k / list@100 (budget: within 1.5×) and list / ceiling (budget ≥ 50 % on PostgreSQL
// with p99 < 100 ms; PGlite p99 < 500 ms).
// Usage: node bench/tenants.mjs [--duration 3] [--rounds 5] [--only pglite|postgres] [--big 10000]
//        [--answers 1000000] [--pg-db tenantry_bench_tenants] (created and dropped) [--keep-db]
//        [--cpu-prof DIR]  (writes the server's CPU profile, node --cpu-prof, into DIR)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  cookieOf,
  interleaved,
  opt,
  PG_ADMIN_URL,
  pgReachable,
  psql,
  root,
  startServer as startBenchServer,
  stopServer,
} from './lib.mjs';

const DURATION = Number(opt('duration', 3));
const ROUNDS = Number(opt('rounds', 5));
const ONLY = opt('only', '');
const BIG = Number(opt('big', 10_000));
const ANSWERS = Number(opt('answers', 1_000_000));
const CPU_PROF = opt('cpu-prof', '');
const PG_DB = opt('pg-db', 'tenantry_bench_tenants');
// --keep-db: use the database as it is when it is there (seed:scale adds nothing to a seeded
// one; the seed time is then that of the check) and leave it for the next run.
const KEEP_DB = process.argv.includes('--keep-db');
// Kept in step with apps/server/src/scripts/seed-scale.ts.
const BIG_OWNER = 'big-owner@scale.tenantry.test';
const SMALL_OWNER = 'owner-001@scale.tenantry.test';
const PASSWORD = 'scale-password-1';

function run(cmd, argv, env) {
  execFileSync(cmd, argv, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
}

const startServer = (name, env) =>
  startBenchServer(name, env, { cpuProfDir: CPU_PROF || undefined });

async function signIn(base, email) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in ${email} failed: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

async function benchDatabase(name, env, connections) {
  console.log(`\n${name}: seeding 100 × 100 + ${BIG} client tenants, ~${ANSWERS} answers…`);
  const seedStart = Date.now();
  run(
    'node',
    [
      '--import',
      'tsx',
      'apps/server/src/scripts/seed-scale.ts',
      '--accounts',
      '100',
      '--tenants-per-account',
      '100',
      '--big',
      String(BIG),
      '--answers',
      String(ANSWERS),
    ],
    env,
  );
  const seedSeconds = Math.round((Date.now() - seedStart) / 1000);
  const server = await startServer(name, env);
  try {
    const big = await signIn(server.base, BIG_OWNER);
    const small = await signIn(server.base, SMALL_OWNER);
    const listUrl = `${server.base}/api/v1/tenants?limit=25`;
    const dashboardUrl = `${server.base}/api/v1/dashboard`;
    const portfolioUrl = `${server.base}/api/v1/tenants/portfolio?sort=score&limit=50`;
    const portfolioViews = {
      'portfolio-section': `${server.base}/api/v1/tenants/portfolio?sort=section&section=PR`,
      'portfolio-below': `${server.base}/api/v1/tenants/portfolio?belowTarget=true&section=PR`,
      'portfolio-overdue': `${server.base}/api/v1/tenants/portfolio?overdue=true&sort=score`,
      'portfolio-tag': `${server.base}/api/v1/tenants/portfolio?tag=priority&sort=score`,
    };
    const portfolioRoutes = {};
    for (const [label, url] of Object.entries({ portfolio: portfolioUrl, ...portfolioViews })) {
      for (const [size, cookie] of [
        ['100', small],
        ['10k', big],
      ]) {
        const res = await fetch(url, { headers: { cookie } });
        const page = await res.json();
        if (!res.ok || !Array.isArray(page.tenants)) {
          throw new Error(`${name}: ${label}@${size} check failed (${res.status})`);
        }
        console.log(
          `  ${label}@${size}: ${page.total} tenants match, ${page.tenants.length} on the page`,
        );
        portfolioRoutes[`${label}@${size}`] = { url, headers: { cookie } };
      }
    }
    // The CSV of the whole view, one download at a time (a file, not a page under load).
    const csv = {};
    for (const [size, cookie] of [
      ['100', small],
      ['10k', big],
    ]) {
      const times = [];
      let bytes = 0;
      for (let i = 0; i < 6; i++) {
        const t0 = performance.now();
        const res = await fetch(`${server.base}/api/v1/tenants/portfolio.csv?sort=score`, {
          headers: { cookie },
        });
        bytes = (await res.arrayBuffer()).byteLength;
        if (!res.ok) throw new Error(`${name}: csv@${size} failed (${res.status})`);
        if (i > 0) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      csv[size] = { bytes, medianMs: Math.round(times[2]), maxMs: Math.round(times[4]) };
      console.log(`  csv@${size}: ${bytes} bytes, median ${csv[size].medianMs} ms`);
    }
    for (const [cookie, expected] of [
      [small, 100],
      [big, BIG],
    ]) {
      const res = await fetch(`${listUrl.replace('limit=25', 'limit=100')}&status=all`, {
        headers: { cookie },
      });
      const page = await res.json();
      if (!res.ok || page.tenants.length !== Math.min(100, expected)) {
        throw new Error(`${name}: list check failed (${res.status})`);
      }
    }
    // A tenant with a baseline in each account (the last assessed tenant of the big one).
    const assessedTenant = async (cookie) => {
      let found = null;
      let cursor = null;
      do {
        const res = await fetch(
          `${listUrl.replace('limit=25', 'limit=100')}&sort=created${cursor ? `&cursor=${cursor}` : ''}`,
          { headers: { cookie } },
        );
        const page = await res.json();
        found = page.tenants.find((x) => x.latest) ?? null;
        cursor = page.nextCursor;
      } while (!found && cursor);
      if (!found) throw new Error(`${name}: no assessed tenant`);
      return `${server.base}/api/v1/tenants/${found.id}/baseline`;
    };
    const baselineSmall = await assessedTenant(small);
    const baselineBig = await assessedTenant(big);
    // Warm up every route so JIT, plans and caches are comparable.
    for (let i = 0; i < 50; i++) {
      await fetch(`${server.base}/api/v1/bench/ceiling`);
      await fetch(`${server.base}/api/v1/me`, { headers: { cookie: big } });
      await fetch(listUrl, { headers: { cookie: small } });
      await fetch(listUrl, { headers: { cookie: big } });
      await fetch(dashboardUrl, { headers: { cookie: small } });
      await fetch(dashboardUrl, { headers: { cookie: big } });
      for (const r of Object.values(portfolioRoutes)) await fetch(r.url, { headers: r.headers });
      await fetch(baselineSmall, { headers: { cookie: small } });
      await fetch(baselineBig, { headers: { cookie: big } });
    }
    console.log(
      `${name}: ${connections} connections, ${ROUNDS} rounds of ${DURATION}s per route, interleaved with the ceiling…`,
    );
    const loadBefore = os.loadavg().map((x) => +x.toFixed(1));
    const results = await interleaved(
      { name: 'ceiling', url: `${server.base}/api/v1/bench/ceiling` },
      {
        me: { url: `${server.base}/api/v1/me`, headers: { cookie: big } },
        'list@100': { url: listUrl, headers: { cookie: small } },
        'list@10k': { url: listUrl, headers: { cookie: big } },
        'dashboard@100': { url: dashboardUrl, headers: { cookie: small } },
        'dashboard@10k': { url: dashboardUrl, headers: { cookie: big } },
        ...portfolioRoutes,
        'baseline@100': { url: baselineSmall, headers: { cookie: small } },
        'baseline@10k': { url: baselineBig, headers: { cookie: big } },
      },
      { connections, duration: DURATION, rounds: ROUNDS },
    );
    const loadAfter = os.loadavg().map((x) => +x.toFixed(1));
    console.log(`${name}: seeded in ${seedSeconds} s; load average ${loadBefore} → ${loadAfter}`);
    meta[name] = { seedSeconds, loadBefore, loadAfter, csv };
    return results;
  } finally {
    await stopServer(server);
  }
}

const all = {};
const meta = {};
if (ONLY !== 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-tenants-'));
  try {
    all.pglite = await benchDatabase('pglite', { DATABASE_URL: '', DATA_DIR: dataDir }, 10);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (ONLY !== 'pglite') {
  if (pgReachable()) {
    if (!KEEP_DB) psql(`drop database if exists ${PG_DB} with (force)`);
    const exists = execFileSync('psql', [
      PG_ADMIN_URL,
      '-qAtc',
      `select 1 from pg_database where datname = '${PG_DB}'`,
    ]);
    if (!KEEP_DB || !exists.toString().trim()) {
      psql(`create database ${PG_DB}`);
    }
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${PG_DB}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-tenants-pg-'));
    try {
      all.postgres = await benchDatabase(
        'postgres',
        { DATABASE_URL: u.toString(), DATA_DIR: dataDir },
        50,
      );
    } finally {
      if (!KEEP_DB) psql(`drop database if exists ${PG_DB} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  } else {
    console.log('PostgreSQL not reachable: skipped');
  }
}

const pct = (ratio) => `${Math.round(100 * ratio)}%`;
console.log(
  '\n| database | route | req/s (median) | p50 ms | p99 ms | errors | vs ceiling (median of rounds) |',
);
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [db, r] of Object.entries(all)) {
  for (const [route, x] of Object.entries(r)) {
    console.log(
      `| ${db} | ${route} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.errors} | ${pct(x.ratio)} |`,
    );
  }
}
const verdicts = [];
for (const route of ['dashboard', 'baseline']) {
  console.log(
    `\n| database | ${route}@10k / ${route}@100 (time per request) | p99 ${route}@10k | budget |`,
  );
  console.log('|---|---:|---:|---|');
  for (const [db, r] of Object.entries(all)) {
    const scale = r[`${route}@100`].ratio / r[`${route}@10k`].ratio;
    const p99Budget = db === 'postgres' ? 100 : 500;
    const ok =
      scale <= 1.5 && r[`${route}@10k`].p99 < p99Budget && r[`${route}@100`].p99 < p99Budget;
    verdicts.push(ok);
    console.log(
      `| ${db} | ${scale.toFixed(2)}× | ${r[`${route}@10k`].p99} ms | ${ok ? 'met' : 'MISSED'} (≤ 1.5×, p99 < ${p99Budget} ms) |`,
    );
  }
}
// The portfolio: its budget is the p99 of every view (PostgreSQL < 100 ms, PGlite < 500 ms),
// and it prints the 10k / 100 ratio of each (flat: ≤ 1.5×, as the list).
console.log(
  '\n| database | view | @10k / @100 (time per request) | p99 @100 | p99 @10k | budget |',
);
console.log('|---|---|---:|---:|---:|---|');
for (const [db, r] of Object.entries(all)) {
  for (const view of [
    'portfolio',
    'portfolio-section',
    'portfolio-below',
    'portfolio-overdue',
    'portfolio-tag',
  ]) {
    const scale = r[`${view}@100`].ratio / r[`${view}@10k`].ratio;
    const p99Budget = db === 'postgres' ? 100 : 500;
    const ok = r[`${view}@10k`].p99 < p99Budget && r[`${view}@100`].p99 < p99Budget;
    verdicts.push(ok);
    console.log(
      `| ${db} | ${view} | ${scale.toFixed(2)}× | ${r[`${view}@100`].p99} ms | ${r[`${view}@10k`].p99} ms | ${ok ? 'met' : 'MISSED'} (p99 < ${p99Budget} ms)${scale > 1.5 ? ', not flat' : ''} |`,
    );
  }
  const m = meta[db];
  console.log(
    `\n${db}: seed ${m.seedSeconds} s; CSV of the whole view: @100 ${m.csv['100'].medianMs} ms (${m.csv['100'].bytes} bytes), @10k ${m.csv['10k'].medianMs} ms (${m.csv['10k'].bytes} bytes); load average ${m.loadBefore} → ${m.loadAfter}`,
  );
}
console.log('\n| database | list@10k / list@100 (time per request) | p99 list@10k | budget |');
console.log('|---|---:|---:|---|');
for (const [db, r] of Object.entries(all)) {
  // Time per request at full load is 1/throughput: the 10k list may take ≤ 1.5× the 100 one.
  // Both are ratios to the ceiling measured beside them, so their quotient cancels drift.
  const scale = r['list@100'].ratio / r['list@10k'].ratio;
  const p99Budget = db === 'postgres' ? 100 : 500;
  const ceilingShare = r['list@10k'].ratio;
  const ok =
    scale <= 1.5 &&
    r['list@10k'].p99 < p99Budget &&
    r['list@100'].p99 < p99Budget &&
    (db !== 'postgres' || ceilingShare >= 0.5);
  verdicts.push(ok);
  console.log(
    `| ${db} | ${scale.toFixed(2)}× | ${r['list@10k'].p99} ms | ${ok ? 'met' : 'MISSED'} (≤ 1.5×, p99 < ${p99Budget} ms${db === 'postgres' ? `, list ≥ 50 % of ceiling: ${pct(ceilingShare)}` : ''}) |`,
  );
}
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
fs.writeFileSync(
  path.join(root, '.tmp', 'bench-tenants.json'),
  JSON.stringify(
    {
      at: new Date().toISOString(),
      duration: DURATION,
      rounds: ROUNDS,
      big: BIG,
      results: all,
      meta,
    },
    null,
    2,
  ),
);
process.exitCode = verdicts.every(Boolean) ? 0 : 1;
