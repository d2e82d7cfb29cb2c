// What the benchmark scripts share: options, the real server as a child process, autocannon,
// and the local PostgreSQL server.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');
export const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const argv = process.argv.slice(2);
/** `--name value` from the command line, else the default. */
export function opt(name, dflt) {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts apps/server/src/server.ts on a random loopback port with the comparison routes on
 * (BENCH_CEILING_ROUTE=true) and waits for /healthz. `cpuProfDir` adds node --cpu-prof; `port`
 * fixes the port (a restarted server where its clients expect it).
 */
export async function startServer(name, env, { cpuProfDir, port: fixedPort } = {}) {
  const port = fixedPort ?? 4500 + Math.floor(Math.random() * 400);
  const nodeArgs = ['--import', 'tsx'];
  if (cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfDir, name)}`);
  const child = spawn('node', [...nodeArgs, 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
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
      if ((await fetch(`${base}/healthz`)).ok) return { child, base };
    } catch {
      /* not up yet */
    }
    await sleep(500);
  }
  child.kill('SIGKILL');
  throw new Error(`${name}: server did not start`);
}

/** SIGTERM (graceful shutdown), SIGKILL after 15 s. */
export async function stopServer({ child }) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The cookie header of a response's Set-Cookie lines. */
export function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * One autocannon run: average req/s, p50/p99 latency, errors (incl. timeouts and non-2xx).
 * `setupRequest(req)` may change each request (method, path, headers, body) before it is sent.
 */
export function load(url, { connections, duration, headers = {}, method, setupRequest }) {
  const requests = setupRequest ? [{ method, setupRequest }] : undefined;
  return new Promise((resolve, reject) => {
    const opts = { url, connections, duration, headers };
    if (method) opts.method = method;
    if (requests) opts.requests = requests;
    autocannon(opts, (err, r) => {
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

export function pgReachable() {
  try {
    execFileSync('psql', [PG_ADMIN_URL, '-qAtc', 'select 1'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** Runs SQL on the PostgreSQL admin connection. */
export const psql = (sql) => execFileSync('psql', [PG_ADMIN_URL, '-qc', sql], { stdio: 'pipe' });

/** The URL of database `name` on the same server as PG_ADMIN_URL. */
export function pgDatabaseUrl(name) {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/**
 * Measures `routes` against a `reference` route in interleaved rounds (reference, route A,
 * reference, route B, … and again), so that the machine's drift over a run hits both sides of
 * each ratio alike. Each route's ratio is its req/s over the reference's run just before it;
 * the answer holds, per route, the median ratio over the rounds and the median req/s, p50 and
 * p99 (errors are summed). The reference gets its own row (ratio 1).
 *   routes: { name: { url, headers?, method?, setupRequest? } }, reference: { name, url, headers? }
 */
export async function interleaved(reference, routes, { connections, duration, rounds }) {
  const runs = { [reference.name]: [] };
  const ratios = {};
  for (const name of Object.keys(routes)) {
    runs[name] = [];
    ratios[name] = [];
  }
  for (let round = 1; round <= rounds; round++) {
    for (const [name, route] of Object.entries(routes)) {
      const ref = await load(reference.url, {
        connections,
        duration,
        headers: reference.headers,
      });
      const r = await load(route.url, { ...route, connections, duration });
      runs[reference.name].push(ref);
      runs[name].push(r);
      ratios[name].push(r.rps / Math.max(1, ref.rps));
    }
    process.stdout.write(`  round ${round}/${rounds} done\n`);
  }
  const summary = {};
  for (const [name, list] of Object.entries(runs)) {
    summary[name] = {
      rps: Math.round(median(list.map((x) => x.rps))),
      p50: median(list.map((x) => x.p50)),
      p99: median(list.map((x) => x.p99)),
      errors: list.reduce((n, x) => n + x.errors, 0),
      ratio: name === reference.name ? 1 : median(ratios[name]),
      ratios: name === reference.name ? undefined : ratios[name].map((x) => +x.toFixed(3)),
    };
  }
  return summary;
}
