#!/usr/bin/env node
// The CPU each request costs, split between the server (node) and PostgreSQL (every postgres
// process), read from /proc: CPU time, not wall time, so it holds on a busy machine. Under
// saturation a 2-core machine serves about 2 s / (server + database + load generator) per
// second, so these figures say where a route's time goes and what a change saves.
// It uses the database `bench/tenants.mjs --keep-db` leaves seeded (100 × 100 + 10,000 client
// tenants) and the same routes, 4 connections, `--amount` requests each after a warm-up.
// Linux and PostgreSQL only. Usage: node bench/cost.mjs [--amount 1000] [--only portfolio,list]
//        [--pg-db tenantry_bench_tenants] [--cpu-prof DIR] (the server's profile, node --cpu-prof)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { cookieOf, opt, pgDatabaseUrl, startServer, stopServer } from './lib.mjs';

const AMOUNT = Number(opt('amount', 1000));
const ONLY = opt('only', '');
const PG_DB = opt('pg-db', 'tenantry_bench_tenants');
const CPU_PROF = opt('cpu-prof', '');
const PASSWORD = 'scale-password-1';

/** utime + stime of a process, in ms. */
function cpuOf(pid) {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0; // gone meanwhile
  }
}
/** The CPU of every postgres process, by pid. */
const pgCpu = () =>
  new Map(
    execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map((pid) => [pid, cpuOf(pid)]),
  );
/** What the postgres processes used since `before` (one that ended meanwhile is not counted). */
const pgCpuSince = (before) =>
  [...pgCpu()].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

const run = (url, headers, amount) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url, connections: 4, amount, headers: { 'accept-encoding': 'gzip', ...headers } },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );

const server = await startServer(
  'postgres',
  { DATABASE_URL: process.env.BENCH_DATABASE_URL ?? pgDatabaseUrl(PG_DB) },
  { cpuProfDir: CPU_PROF || undefined },
);
try {
  const signIn = async (email) => {
    const res = await fetch(`${server.base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} (seed with bench/tenants.mjs)`);
    return cookieOf(res);
  };
  const owners = {
    100: await signIn('owner-001@scale.tenantry.test'),
    '10k': await signIn('big-owner@scale.tenantry.test'),
  };
  const p = `${server.base}/api/v1/tenants/portfolio`;
  const routes = {
    ceiling: [`${server.base}/api/v1/bench/ceiling`, false],
    me: [`${server.base}/api/v1/me`, true],
    list: [`${server.base}/api/v1/tenants?limit=25`, true],
    portfolio: [`${p}?sort=score&limit=50`, true],
    'portfolio-section': [`${p}?sort=section&section=PR`, true],
    'portfolio-below': [`${p}?belowTarget=true&section=PR`, true],
    'portfolio-overdue': [`${p}?overdue=true&sort=score`, true],
    'portfolio-tag': [`${p}?tag=priority&sort=score`, true],
    // The same number of rows at both sizes as @100 has (7 and 18 match there): what the
    // account's size costs, apart from the page's.
    'portfolio-tag-7': [`${p}?tag=priority&sort=score&limit=7`, true],
    'portfolio-overdue-18': [`${p}?overdue=true&sort=score&limit=18`, true],
    dashboard: [`${server.base}/api/v1/dashboard`, true],
  };
  const only = ONLY ? ONLY.split(',') : null;
  const measured = Object.entries(routes)
    .filter(([name]) => !only || only.includes(name))
    .flatMap(([name, [url, signedIn]]) =>
      (signedIn ? ['100', '10k'] : ['']).map((size) => ({
        label: size ? `${name}@${size}` : name,
        url,
        headers: signedIn ? { cookie: owners[size] } : {},
      })),
    );
  // Warm-up of every route first (JIT, plans, caches), so the first measured is not dearer.
  for (const r of measured) await run(r.url, r.headers, Math.min(300, AMOUNT));
  console.log(
    `\n| route | server µs/req | database µs/req | total µs/req | bytes/req (gzip) |\n|---|---:|---:|---:|---:|`,
  );
  for (const { label, url, headers } of measured) {
    await run(url, headers, Math.min(300, AMOUNT));
    const s0 = cpuOf(server.child.pid);
    const d0 = pgCpu();
    const r = await run(url, headers, AMOUNT);
    const s = ((cpuOf(server.child.pid) - s0) / AMOUNT) * 1000;
    const d = (pgCpuSince(d0) / AMOUNT) * 1000;
    if (r.non2xx || r.errors) throw new Error(`${label}: ${r.non2xx + r.errors} failed`);
    console.log(
      `| ${label} | ${s.toFixed(0)} | ${d.toFixed(0)} | ${(s + d).toFixed(0)} | ${Math.round(r.throughput.total / r.requests.total)} |`,
    );
  }
} finally {
  await stopServer(server);
}
