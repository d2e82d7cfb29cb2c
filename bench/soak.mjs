#!/usr/bin/env node
/**
 * Many servers, one database, faults on purpose (issue 28). Starts HAProxy in front of three
 * server processes on one fresh PostgreSQL database and, for `--duration` seconds, runs:
 *
 * - 200 respondents answering through their links with the respondent page's own queue
 *   (apps/web/src/respondent/lib/queue.ts: idempotency keys, replay), a fifth of them going
 *   offline for a while and replaying their queued writes when back, then submitting;
 * - 20 assessors (members of the account) following their client tenant's live stream
 *   (Server-Sent Events, Last-Event-ID on every reconnect), while a member writes a "marker"
 *   answer to one assessment per tenant every few seconds, one at a time, so that each marker
 *   event can be matched to the stream message that carried it;
 * - webhooks to a receiver on 127.0.0.1 (signatures verified, deduplicated by `webhook-id`,
 *   one event in 20 refused with a 500 on its first delivery, on purpose);
 * - PDF reports, remediation reminders run by six concurrent runs on all servers, the
 *   periodic jobs of every process;
 * - sign-ins with some wrong passwords from "the office" (through the main frontend), and a
 *   burst of wrong passwords and guessed respondent links from "another address" (a second
 *   HAProxy frontend whose connections to the servers come from 127.0.0.66).
 *
 * Mid-run it SIGKILLs one server and starts it again, then SIGTERMs another (graceful drain)
 * and starts it again. It then reads the database and asserts: no answer lost or duplicated,
 * every live stream resumed without a missed event, every webhook delivered at least once and
 * deduplicated, every job run once as far as can be observed, rate limits held across the
 * servers; and reports p99 of answer saves during and outside the faults. Exit 1 when an
 * assertion fails, 2 when it cannot run (no PostgreSQL, no haproxy).
 *
 *   node bench/soak.mjs [--duration 240] [--short] [--keep-logs]
 *
 * `--short` (CI): 75 s, 20 questions per respondent. Needs PostgreSQL at BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; a database `tenantry_soak_<pid>` is created and
 * dropped) and Debian's `haproxy` (the project's scripts install it: scripts/test-all.mjs,
 * .ci/run). Ports 4340-4349 (SOAK_PORT_BASE moves them). Results go to `.tmp/soak.json`.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import pg from 'pg';
import { generate as totp } from 'otplib';
import { Webhook } from 'standardwebhooks';
import { PG_ADMIN_URL, opt, pgDatabaseUrl, root, sleep } from './lib.mjs';

register();
const { AnswerQueue, emptyState } = await import('../apps/web/src/respondent/lib/queue.ts');
const { benchFramework, benchValue } = await import('./assessment-world.ts');

const SHORT = process.argv.includes('--short');
const KEEP_LOGS = process.argv.includes('--keep-logs');
const DURATION_S = Number(opt('duration', SHORT ? 60 : 240));
const QUESTIONS = Number(opt('questions', SHORT ? 12 : 40));
const TENANTS = 10;
const RESPONDENTS = Number(opt('respondents', 200));
const ASSESSORS = 20;
const OFFLINE_SHARE = 0.2;
const CHANGED = 0.1;
const PORT_BASE = Number(process.env.SOAK_PORT_BASE ?? 4340);
const LB_PORT = PORT_BASE;
const SERVER_PORTS = [PORT_BASE + 1, PORT_BASE + 2, PORT_BASE + 3];
const OTHER_OFFICE_PORT = PORT_BASE + 4;
const STATS_PORT = PORT_BASE + 5;
const RECEIVER_PORT = PORT_BASE + 9;
const LB = `http://127.0.0.1:${LB_PORT}`;
const OTHER_OFFICE = `http://127.0.0.1:${OTHER_OFFICE_PORT}`;
/** Where "the other office" connects from (HAProxy's `source` for its backend). */
const OTHER_ADDRESS = '127.0.0.66';
const PASSWORD = 'soak-password-42';
const ADMIN_EMAIL = 'admin@soak.tenantry.test';
/** AUTH_RATE_LIMITS['/sign-in/email'] and RESPONDENT_LINK_FAILURE_LIMIT (per minute, per address). */
const SIGN_IN_LIMIT = 10;
const LINK_FAILURE_LIMIT = 30;

// ------------------------------------------------------------------------------------------
// Preconditions
// ------------------------------------------------------------------------------------------

function cannotRun(reason) {
  console.log(`soak: not run: ${reason}`);
  process.exit(2);
}
const haproxyBin = spawnSync('sh', ['-c', 'command -v haproxy'], {
  encoding: 'utf8',
}).stdout.trim();
if (!haproxyBin) {
  cannotRun(
    "haproxy is missing (Debian's package): `npm test` installs it when run as root with apt-get, else run `sudo apt-get install -y haproxy`",
  );
}
try {
  execFileSync('psql', [PG_ADMIN_URL, '-qAtc', 'select 1'], { stdio: 'pipe' });
} catch {
  cannotRun(`no PostgreSQL at ${PG_ADMIN_URL} (set BENCH_PG_URL)`);
}
for (const port of [...SERVER_PORTS, LB_PORT, OTHER_OFFICE_PORT, STATS_PORT, RECEIVER_PORT]) {
  const busy = await new Promise((resolve) => {
    const s = http.createServer();
    s.once('error', () => resolve(true));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
  });
  if (busy) cannotRun(`port ${port} is in use (SOAK_PORT_BASE moves the ports 4340-4349)`);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tenantry-soak-'));
const DB_NAME = `tenantry_soak_${process.pid}`;
const DATABASE_URL = pgDatabaseUrl(DB_NAME);
const psqlAdmin = (sql) => execFileSync('psql', [PG_ADMIN_URL, '-qc', sql], { stdio: 'pipe' });
psqlAdmin(`drop database if exists ${DB_NAME} with (force)`);
psqlAdmin(`create database ${DB_NAME}`);

const T0 = Date.now();
const since = () => ((Date.now() - T0) / 1000).toFixed(1);
const log = (msg) => console.log(`[${since().padStart(6)} s] ${msg}`);

// ------------------------------------------------------------------------------------------
// Processes: three servers and HAProxy
// ------------------------------------------------------------------------------------------

const SERVER_ENV = {
  HOST: '127.0.0.1',
  DATABASE_URL,
  APP_ENV: 'test',
  PUBLIC_URL: LB,
  DEMO_DATA: 'false',
  SYSTEM_ADMIN_EMAILS: ADMIN_EMAIL,
  // Request lines and the shutdown's steps, in each server's log (kept when a check fails).
  LOG_LEVEL: 'info',
  // The limits are part of what is tested: on, as in production.
  AUTH_RATE_LIMIT: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  // The controlled clock: reminders are run "as of" 08:00 UTC by six concurrent calls.
  TEST_HOOKS: 'true',
  // One secret for every process (sessions are read by whichever server a request reaches).
  AUTH_SECRET: randomBytes(32).toString('base64url'),
  BENCH_CEILING_ROUTE: 'false',
  // Where the server has a drain delay (issue 28's graceful drain): /readyz answers 503 for
  // this long before the listener closes, longer than HAProxy needs to mark it down (fall 3).
  DRAIN_DELAY_MS: '3000',
};

/** Which health path the servers have: /readyz (issue 28's readiness) or /healthz. */
let healthPath = '/healthz';

const servers = SERVER_PORTS.map((port, i) => ({
  name: `s${i + 1}`,
  port,
  base: `http://127.0.0.1:${port}`,
  child: null,
  starts: 0,
  logFile: path.join(work, `s${i + 1}.log`),
}));

async function startServer(s) {
  s.starts++;
  const out = fs.openSync(s.logFile, 'a');
  s.child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(s.port),
      DATA_DIR: path.join(work, `data-${s.name}`),
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  s.exit = new Promise((resolve) =>
    s.child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = Date.now();
  for (;;) {
    if (s.child.exitCode !== null) {
      throw new Error(`${s.name} exited at start:\n${fs.readFileSync(s.logFile, 'utf8')}`);
    }
    try {
      const res = await fetch(`${s.base}/healthz`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 120_000) throw new Error(`${s.name} did not start`);
    await sleep(200);
  }
  return Date.now() - started;
}

function haproxyConfig() {
  const servers3 = (extra) =>
    servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port}${extra(s)}`).join('\n');
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 90s
  timeout server 90s
  timeout http-keep-alive 10s
  timeout queue 10s
  # A slow answer on a busy machine is not a dead server (a refused connection is seen at once).
  timeout check 5s
  option redispatch
  retries 2

frontend main
  bind 127.0.0.1:${LB_PORT}
  default_backend app

# "Another office": the same servers, reached from ${OTHER_ADDRESS} (another client address).
frontend other_office
  bind 127.0.0.1:${OTHER_OFFICE_PORT}
  default_backend app_other

frontend stats
  bind 127.0.0.1:${STATS_PORT}
  stats enable
  stats uri /
  stats refresh 5s

backend app
  balance roundrobin
  option httpchk GET ${healthPath}
  http-check expect status 200
  default-server inter 1s fastinter 500ms downinter 1s fall 3 rise 2
  http-response set-header x-soak-server %s
${servers3(() => ' check')}

backend app_other
  balance roundrobin
  http-response set-header x-soak-server %s
${servers3((s) => ` track app/${s.name} source ${OTHER_ADDRESS}`)}
`;
}

let haproxy = null;
async function startHaproxy() {
  const cfg = path.join(work, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig());
  execFileSync(haproxyBin, ['-c', '-q', '-f', cfg], { stdio: 'pipe' });
  const out = fs.openSync(path.join(work, 'haproxy.log'), 'a');
  haproxy = spawn(haproxyBin, ['-db', '-f', cfg], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  for (let i = 0; i < 100; i++) {
    const up = await haproxyServers().catch(() => null);
    if (up && up.every((s) => s.status === 'UP')) return;
    await sleep(200);
  }
  throw new Error('HAProxy did not see the servers up');
}

/** HAProxy's view of the main backend's servers (its stats CSV). */
async function haproxyServers() {
  const csv = await (await fetch(`http://127.0.0.1:${STATS_PORT}/;csv`)).text();
  const [header, ...rows] = csv.trim().split('\n');
  const cols = header.replace(/^# /, '').split(',');
  return rows
    .map((r) => Object.fromEntries(r.split(',').map((v, i) => [cols[i], v])))
    .filter((r) => r.pxname === 'app' && r.svname.startsWith('s'))
    .map((r) => ({
      name: r.svname,
      status: r.status,
      requests: Number(r.stot),
      http5xx: Number(r.hrsp_5xx),
      downtimeS: Number(r.downtime),
      checkFails: Number(r.chkfail),
      retries: Number(r.wretr),
      redispatches: Number(r.wredis),
    }));
}

// ------------------------------------------------------------------------------------------
// HTTP: set-up requests go straight to a server, each person from their own loopback address
// (the per-address sign-up and sign-in limits stay on); the run goes through HAProxy.
// ------------------------------------------------------------------------------------------

class Person {
  constructor(label, local) {
    this.label = label;
    this.local = local;
    this.cookies = new Map();
  }
  cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  take(setCookies) {
    for (const line of setCookies ?? []) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

let directTurn = 0;
/** A request straight to one of the servers (round robin), from `who`'s own address. */
function direct(who, method, urlPath, body) {
  const s = servers[directTurn++ % servers.length];
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: s.port,
        method,
        path: urlPath,
        localAddress: who.local,
        agent: false,
        headers: {
          origin: LB,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(who.cookies.size ? { cookie: who.cookie() } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => {
          who.take(res.headers['set-cookie']);
          resolve({ status: res.statusCode, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function ok(promise, what) {
  const res = await promise;
  if (res.status < 200 || res.status > 299) {
    throw new Error(`${what}: ${res.status} ${res.text.slice(0, 500)}`);
  }
  return res.text ? res.json() : null;
}

async function pool(items, n, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

const pct = (xs, p) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x) => (x === null ? '—' : `${Math.round(x)} ms`);

// ------------------------------------------------------------------------------------------
// The world, set up through the API
// ------------------------------------------------------------------------------------------

let addressTurn = 0;
const nextAddress = () => {
  addressTurn++;
  return `127.0.${1 + Math.floor(addressTurn / 250)}.${1 + (addressTurn % 250)}`;
};

const admin = new Person('admin', nextAddress());

async function mailTo(email, match) {
  for (let i = 0; i < 100; i++) {
    const { messages } = await ok(direct(admin, 'GET', '/api/v1/system/mailbox'), 'mailbox');
    const mail = messages.find((m) => m.to === email.toLowerCase() && match(m));
    if (mail) return mail;
    await sleep(150);
  }
  throw new Error(`no mail to ${email}`);
}

async function setUpAdmin() {
  await ok(
    direct(admin, 'POST', '/api/auth/sign-up/email', {
      name: 'Sam Soak',
      email: ADMIN_EMAIL,
      password: PASSWORD,
    }),
    'admin sign-up',
  );
  // Their code would land in the mailbox only a system admin reads: the operator's CLI.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli.ts', 'verify-email', ADMIN_EMAIL],
    {
      cwd: root,
      env: { ...process.env, ...SERVER_ENV, DATA_DIR: path.join(work, 'data-cli') },
      stdio: 'pipe',
    },
  );
  await ok(
    direct(admin, 'POST', '/api/auth/sign-in/email', { email: ADMIN_EMAIL, password: PASSWORD }),
    'admin sign-in',
  );
  const { totpURI } = await ok(
    direct(admin, 'POST', '/api/auth/two-factor/enable', { password: PASSWORD }),
    'two-factor enable',
  );
  const secret = new URL(totpURI).searchParams.get('secret');
  await ok(
    direct(admin, 'POST', '/api/auth/two-factor/verify-totp', { code: await totp({ secret }) }),
    'two-factor verify',
  );
}

/** Signs a person up as people do: sign-up, then the code from the e-mail. */
async function signUp(who, email, name) {
  await ok(
    direct(who, 'POST', '/api/auth/sign-up/email', { name, email, password: PASSWORD }),
    `sign-up ${email}`,
  );
  const mail = await mailTo(email, (m) => m.subject.startsWith('Your Tenantry code: '));
  const code = mail.subject.replace('Your Tenantry code: ', '');
  await ok(direct(who, 'POST', '/api/v1/signup/verify', { email, code }), `verify ${email}`);
  return ok(direct(who, 'GET', '/api/v1/me'), 'me');
}

async function setUpWorld() {
  await setUpAdmin();
  const owner = new Person('owner', nextAddress());
  owner.email = 'owner@soak.tenantry.test';
  const me = await signUp(owner, owner.email, 'Olive Owner');
  owner.uid = me.uid;
  owner.accountId = me.tid;
  await ok(
    direct(admin, 'POST', `/api/v1/service/subscriptions/${me.tid}/comp`, {
      plan: 'business',
      reason: 'Soak test: no plan limit in the way',
    }),
    'comp',
  );

  const fw = benchFramework(QUESTIONS);
  const imported = await ok(
    direct(owner, 'POST', '/api/v1/content/frameworks/import', {
      scope: 'private',
      document: fw.document,
    }),
    'import',
  );
  await ok(
    direct(owner, 'POST', `/api/v1/content/frameworks/${imported.id}/publish`, {
      revision: imported.draftRevision,
      releaseNotes: 'Soak',
    }),
    'publish',
  );
  const tenants = await pool(
    Array.from({ length: TENANTS }, (_, i) => i),
    4,
    async (i) => {
      const t = await ok(
        direct(owner, 'POST', '/api/v1/tenants', { name: `Soak client ${i + 1}` }),
        'tenant',
      );
      return { id: t.id, assessments: [], marker: null };
    },
  );
  const start = (tenant, name) =>
    ok(
      direct(owner, 'POST', `/api/v1/tenants/${tenant.id}/assessments`, {
        frameworkId: imported.id,
        version: 1,
        name,
      }),
      'assessment',
    );
  const respondents = await pool(
    Array.from({ length: RESPONDENTS }, (_, i) => i),
    8,
    async (i) => {
      const tenant = tenants[i % TENANTS];
      const a = await start(tenant, `Soak ${i + 1}`);
      const r = await ok(
        direct(owner, 'POST', `/api/v1/tenants/${tenant.id}/assessments/${a.id}/respondents`, {
          name: `Respondent ${i + 1}`,
          email: `respondent-${i + 1}@soak.tenantry.test`,
          sendEmail: false,
        }),
        'respondent',
      );
      tenant.assessments.push(a.id);
      return { n: i, tenant, assessmentId: a.id, token: new URL(r.link).searchParams.get('token') };
    },
  );
  for (const tenant of tenants) {
    tenant.marker = (await start(tenant, 'Marker (the assessors’ own answers)')).id;
  }

  // Twenty assessors: invited, signed up, joined.
  const assessors = await pool(
    Array.from({ length: ASSESSORS }, (_, i) => i),
    4,
    async (i) => {
      const who = new Person(`assessor-${i + 1}`, nextAddress());
      who.email = `assessor-${i + 1}@soak.tenantry.test`;
      await ok(
        direct(owner, 'POST', '/api/v1/invitations', { email: who.email, role: 'member' }),
        'invite',
      );
      const invitation = await mailTo(who.email, (m) => /\/invitations\//.test(m.text));
      const token = /\/invitations\/([A-Za-z0-9_-]+)/.exec(invitation.text)[1];
      await signUp(who, who.email, `Assessor ${i + 1}`);
      await ok(direct(who, 'POST', `/api/v1/invitations/by-token/${token}/accept`, {}), 'accept');
      const claims = await ok(direct(who, 'GET', '/api/v1/me'), 'me');
      if (claims.tid !== owner.accountId) throw new Error(`${who.email} is not in the account`);
      who.uid = claims.uid;
      who.tenant = tenants[i % TENANTS];
      return who;
    },
  );

  // Webhooks to the receiver, on every event type.
  const endpoint = await ok(
    direct(owner, 'POST', '/api/v1/webhooks', {
      url: `http://127.0.0.1:${RECEIVER_PORT}/hooks`,
      description: 'Soak receiver',
      events: [
        'assessment.completed',
        'assessment.answer_added',
        'respondent.submitted',
        'task.created',
        'task.status_changed',
        'baseline.changed',
      ],
    }),
    'webhook',
  );
  const { secret } = await ok(
    direct(owner, 'GET', `/api/v1/webhooks/${endpoint.id}/secret`),
    'webhook secret',
  );
  // A remediation task for each assessor, due today: the reminders' work.
  const today = reminderDay();
  for (const a of assessors) {
    await ok(
      direct(owner, 'POST', `/api/v1/tenants/${a.tenant.id}/tasks`, {
        title: `Soak task for ${a.label}`,
        assigneeId: a.uid,
        dueDate: today,
      }),
      'task',
    );
  }
  return { owner, tenants, respondents, assessors, endpoint, secret, fw };
}

/** The reminders run "as of" 08:00 UTC today at the earliest (they start at 07:00 UTC). */
function reminderAt() {
  const now = new Date();
  const eight = new Date(`${now.toISOString().slice(0, 10)}T08:00:00Z`);
  return now < eight ? eight : now;
}
const reminderDay = () => reminderAt().toISOString().slice(0, 10);

// ------------------------------------------------------------------------------------------
// The webhook receiver
// ------------------------------------------------------------------------------------------

const received = {
  requests: 0,
  refusedOnPurpose: 0,
  refused: new Set(),
  badSignature: 0,
  /** What each refused signature looked like (why, sizes, clock skew): for the report. */
  badDetails: [],
  byId: new Map(),
};
let webhookVerifier = null;
const receiver = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    received.requests++;
    // One event in 20 refused (500) on its first delivery on purpose: the dispatcher retries it.
    const id = req.headers['webhook-id'];
    if (!received.byId.has(id) && !received.refused.has(id) && Math.random() < 0.05) {
      received.refused.add(id);
      received.refusedOnPurpose++;
      res.writeHead(500).end('refused on purpose');
      return;
    }
    try {
      webhookVerifier.verify(body, req.headers);
    } catch (err) {
      received.badSignature++;
      received.badDetails.push({
        error: String(err?.message ?? err),
        bytes: Buffer.byteLength(body),
        contentLength: req.headers['content-length'] ?? null,
        skewS: Math.round(Date.now() / 1000) - Number(req.headers['webhook-timestamp']),
        id,
        at: Date.now(),
      });
      res.writeHead(400).end('bad signature');
      return;
    }
    const seen = received.byId.get(id);
    if (seen) seen.count++;
    else received.byId.set(id, { count: 1, type: JSON.parse(body).type });
    res.writeHead(204).end();
  });
});

// ------------------------------------------------------------------------------------------
// Faults and their windows (for the latency split)
// ------------------------------------------------------------------------------------------

const faults = [];
const inFault = (t) => faults.some((f) => t >= f.from && t <= (f.to ?? Infinity));
const saves = { respondent: [], marker: [] };

async function waitReady(s) {
  const started = Date.now();
  for (;;) {
    const up = await haproxyServers().catch(() => []);
    if (up.find((x) => x.name === s.name)?.status === 'UP') return Date.now() - started;
    await sleep(100);
  }
}

async function killAndRestart(s) {
  const fault = { kind: 'SIGKILL', server: s.name, from: Date.now(), to: null };
  faults.push(fault);
  log(`SIGKILL ${s.name}`);
  s.child.kill('SIGKILL');
  await s.exit;
  await sleep(2000);
  const bootMs = await startServer(s);
  const backInLbMs = await waitReady(s);
  fault.restartMs = Date.now() - fault.from;
  fault.bootMs = bootMs;
  fault.lbUpAfterBootMs = backInLbMs;
  log(`${s.name} back (started in ${bootMs} ms, up in HAProxy ${backInLbMs} ms later)`);
  fault.to = Date.now() + 5000;
}

/** SIGTERM: watches the server's readiness while it drains, then starts it again. */
async function drainAndRestart(s) {
  const fault = { kind: 'SIGTERM', server: s.name, from: Date.now(), to: null };
  faults.push(fault);
  log(`SIGTERM ${s.name}`);
  const readiness = [];
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const t = Date.now() - fault.from;
      try {
        const res = await fetch(`${s.base}${healthPath}`, { signal: AbortSignal.timeout(1000) });
        readiness.push({ t, status: res.status });
      } catch {
        readiness.push({ t, status: 'refused' });
      }
      await sleep(50);
    }
  })();
  s.child.kill('SIGTERM');
  const exit = await Promise.race([s.exit, sleep(30_000).then(() => null)]);
  fault.drainMs = Date.now() - fault.from;
  watching = false;
  await watch;
  if (!exit) {
    s.child.kill('SIGKILL');
    await s.exit;
  }
  fault.exit = exit ? (exit.signal ?? exit.code) : 'did not stop in 30 s';
  const notReady = readiness.find((r) => r.status !== 200);
  fault.firstNotReadyMs = notReady?.t ?? null;
  fault.notReadyAnswer = notReady?.status ?? null;
  fault.saw503 = readiness.some((r) => r.status === 503);
  log(
    `${s.name} stopped after ${fault.drainMs} ms (exit ${fault.exit}); ${healthPath} first answered ${fault.notReadyAnswer} after ${fault.firstNotReadyMs} ms`,
  );
  await sleep(1000);
  fault.bootMs = await startServer(s);
  fault.lbUpAfterBootMs = await waitReady(s);
  fault.restartMs = Date.now() - fault.from;
  log(`${s.name} back (started in ${fault.bootMs} ms)`);
  fault.to = Date.now() + 5000;
}

// ------------------------------------------------------------------------------------------
// Respondents
// ------------------------------------------------------------------------------------------

function memoryStorage() {
  let state = emptyState();
  return {
    async load() {
      return structuredClone(state);
    },
    async save(s) {
      state = structuredClone(s);
    },
  };
}

async function openRespondent(r) {
  r.offline = false;
  r.last = new Map();
  r.given = 0;
  r.keysSent = new Set();
  r.keysTaken = new Set();
  r.outcomes = { applied: 0, duplicate: 0, superseded: 0 };
  r.refused = [];
  r.givenAt = new Map();
  // The page's fetch: same-origin paths to the load balancer; offline: a network error.
  const pageFetch = async (input, init = {}) => {
    if (r.offline) throw new TypeError('fetch failed (offline)');
    const url = `${LB}${String(input)}`;
    const isSave = init.method === 'PUT';
    let key;
    if (isSave) {
      key = JSON.parse(init.body).idempotencyKey;
      r.keysSent.add(key);
    }
    const t = Date.now();
    try {
      const res = await fetch(url, { ...init, headers: { ...init.headers, origin: LB } });
      if (isSave) {
        saves.respondent.push({ t, ms: Date.now() - t, status: res.status, fault: inFault(t) });
      }
      return res;
    } catch (err) {
      if (isSave)
        saves.respondent.push({ t, ms: Date.now() - t, status: 'network', fault: inFault(t) });
      throw err;
    }
  };
  r.queue = await AnswerQueue.open({
    storage: memoryStorage(),
    fetch: pageFetch,
    token: () => r.token,
    requestTimeoutMs: 20_000,
    baseDelayMs: 500,
    maxDelayMs: 5_000,
    onApplied: (write, result) => {
      r.keysTaken.add(write.idempotencyKey);
      r.outcomes[result.outcome] = (r.outcomes[result.outcome] ?? 0) + 1;
      const given = r.givenAt.get(write.idempotencyKey);
      if (given !== undefined && !r.wentOffline) {
        saves.endToEnd.push({ t: given, ms: Date.now() - given, fault: inFault(given) });
      }
    },
    onLinkProblem: (code) => r.refused.push(`link: ${code}`),
    onClosed: (code) => r.refused.push(`closed: ${code}`),
  });
  for (;;) {
    const res = await fetch(`${LB}/api/v1/respond`, {
      headers: { 'x-respondent-token': r.token, origin: LB },
    }).catch(() => null);
    if (res?.ok) {
      const s = await res.json();
      await r.queue.begin({ respondentId: s.respondent.id, lastSeq: s.lastSeq });
      return;
    }
    await sleep(300);
  }
}
saves.endToEnd = [];

async function respond(r, world, answeringMs) {
  const keys = world.fw.keys;
  const order = keys.map((_, i) => i).sort(() => Math.random() - 0.5);
  const again = order.filter(() => Math.random() < CHANGED);
  const all = [...order, ...again];
  const pace = answeringMs / all.length;
  // A fifth go offline once, for 10-25 s, somewhere in the middle of their answering.
  const offlineAt =
    r.n % Math.round(1 / OFFLINE_SHARE) === 0
      ? T0run + answeringMs * (0.15 + Math.random() * 0.6)
      : Infinity;
  const offlineFor = 10_000 + Math.random() * 15_000;
  for (const [n, i] of all.entries()) {
    await sleep(pace * (0.5 + Math.random()));
    if (!r.offline && Date.now() >= offlineAt && !r.wentOffline) {
      r.offline = true;
      r.wentOffline = true;
      setTimeout(() => {
        r.offline = false;
        r.queue.retryNow(); // the browser's `online` event
      }, offlineFor);
    }
    const key = keys[i];
    const value = benchValue(i, n + 1);
    r.last.set(key, value);
    r.given++;
    const write = await r.queue.enqueue(key, { value, na: false, note: '' });
    r.givenAt.set(write.idempotencyKey, Date.now());
  }
}

async function drainQueue(r, deadline) {
  for (;;) {
    const s = r.queue.snapshot();
    if (s.writes.length === 0) return true;
    if (Date.now() > deadline) return false;
    if (!r.offline) r.queue.retryNow();
    await sleep(300);
  }
}

async function submit(r) {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${LB}/api/v1/respond/submit`, {
      method: 'POST',
      headers: { 'x-respondent-token': r.token, origin: LB, 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => null);
    if (res?.ok) return (r.submitted = true);
    if (res && res.status === 409) return (r.submitted = true); // already submitted (a retry)
    await sleep(500);
  }
  return false;
}

// ------------------------------------------------------------------------------------------
// Assessors: live streams and the marker writer
// ------------------------------------------------------------------------------------------

function follow(a, stopSignal) {
  a.connections = [];
  a.messages = [];
  let lastId = null;
  const loop = async () => {
    while (!stopSignal.stopped) {
      const conn = { startedAt: Date.now(), sentLastEventId: lastId, server: null, openedAt: null };
      a.connections.push(conn);
      try {
        const controller = new AbortController();
        stopSignal.aborts.add(controller);
        const res = await fetch(`${LB}/api/v1/tenants/${a.tenant.id}/live`, {
          headers: {
            cookie: a.cookie(),
            accept: 'text/event-stream',
            ...(lastId !== null ? { 'last-event-id': String(lastId) } : {}),
          },
          signal: controller.signal,
        });
        conn.status = res.status;
        conn.server = res.headers.get('x-soak-server');
        if (res.status !== 200) throw new Error(`live: ${res.status}`);
        const decoder = new TextDecoder();
        let buf = '';
        for await (const chunk of res.body) {
          buf += decoder.decode(chunk, { stream: true });
          let cut;
          while ((cut = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            const fields = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const c = line.indexOf(':');
              const name = c < 0 ? line : line.slice(0, c);
              fields[name] = c < 0 ? '' : line.slice(c + 1).replace(/^ /, '');
            }
            if ('retry' in fields && conn.openedAt === null) conn.openedAt = Date.now();
            if (fields.event === 'assessment') {
              const data = JSON.parse(fields.data);
              const id = Number(fields.id);
              a.messages.push({
                at: Date.now(),
                id,
                assessmentId: data.assessmentId,
                kinds: data.kinds,
              });
              lastId = id;
            }
          }
        }
        conn.end = 'closed by the server';
      } catch (err) {
        conn.end = stopSignal.stopped ? 'stopped' : `error: ${err.cause?.code ?? err.message}`;
      }
      conn.endedAt = Date.now();
      if (!stopSignal.stopped) await sleep(1000); // the stream's `retry: 1000`
    }
  };
  return loop();
}

/** Per marker assessment: when each write was sent and which server answered it. */
const markerServers = new Map();

/** Markers: one answer at a time to each tenant's marker assessment, round the tenants. */
async function markerWriter(world, writer, stopAt) {
  const acks = [];
  const keys = world.fw.keys;
  let n = 0;
  while (Date.now() < stopAt) {
    for (const tenant of world.tenants) {
      if (Date.now() >= stopAt) break;
      const i = n % keys.length;
      const key = keys[i];
      const body = {
        value: benchValue(i, n + 1),
        na: false,
        note: '',
        idempotencyKey: randomUUID(),
      };
      n++;
      const write = {
        tenant: tenant.id,
        assessmentId: tenant.marker,
        key,
        idempotencyKey: body.idempotencyKey,
        acked: false,
      };
      acks.push(write);
      const first = Date.now();
      while (Date.now() - first < 30_000) {
        const t = Date.now();
        const res = await fetch(
          `${LB}/api/v1/tenants/${tenant.id}/assessments/${tenant.marker}/answers/${key}`,
          {
            method: 'PUT',
            headers: { cookie: writer.cookie(), origin: LB, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          },
        ).catch(() => null);
        const server = res?.headers.get('x-soak-server') ?? null;
        if (!markerServers.has(tenant.marker)) markerServers.set(tenant.marker, []);
        markerServers.get(tenant.marker).push({ at: t, server, status: res?.status ?? 'network' });
        saves.marker.push({
          t,
          ms: Date.now() - t,
          status: res?.status ?? 'network',
          fault: inFault(t),
        });
        if (res?.ok) {
          write.acked = true;
          write.outcome = (await res.json()).outcome;
          break;
        }
        await sleep(300);
      }
      await sleep(250);
    }
  }
  return acks;
}

// ------------------------------------------------------------------------------------------
// Sign-ins, reports, reminders
// ------------------------------------------------------------------------------------------

async function signInThrough(base, email, password) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: LB, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  }).catch(() => null);
  return res?.status ?? 'network';
}

/**
 * "The office": eight sign-ins spread over the run through the main frontend (every fourth with
 * a wrong password), fewer than the limit allows from one address however it counts (Better
 * Auth's window runs from the last allowed request), so none may be refused by the other
 * address's burst.
 */
async function officeSignIns(world, stopAt) {
  const results = [];
  const every = (stopAt - Date.now()) / 8;
  for (let n = 0; n < 8; n++) {
    await sleep(every * (n === 0 ? 0.5 : 1));
    const a = world.assessors[n % world.assessors.length];
    const wrong = n % 4 === 3;
    const status = await signInThrough(LB, a.email, wrong ? 'not-the-password-1' : PASSWORD);
    results.push({ wrong, status, t: Date.now() });
  }
  return results;
}

/** Wrong passwords from another address, five at a time, spread over the servers. */
async function signInBurst(world) {
  const email = world.assessors[0].email;
  const statuses = await pool(
    Array.from({ length: 30 }, (_, i) => i),
    5,
    () => signInThrough(OTHER_OFFICE, email, 'guessing-the-password'),
  );
  return tally(statuses);
}

async function linkGuessBurst() {
  const statuses = await pool(
    Array.from({ length: 45 }, (_, i) => i),
    5,
    async () => {
      const res = await fetch(`${OTHER_OFFICE}/api/v1/respond`, {
        headers: { 'x-respondent-token': `rsp_${randomBytes(24).toString('base64url')}` },
      }).catch(() => null);
      return res?.status ?? 'network';
    },
  );
  return tally(statuses);
}

const tally = (xs) => xs.reduce((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {});

async function requestReport(world, owner, r) {
  const t = Date.now();
  for (let i = 0; i < 20; i++) {
    const res = await fetch(
      `${LB}/api/v1/tenants/${r.tenant.id}/assessments/${r.assessmentId}/reports`,
      {
        method: 'POST',
        headers: { cookie: owner.cookie(), origin: LB, 'content-type': 'application/json' },
        body: '{}',
      },
    ).catch(() => null);
    if (res?.status === 202) {
      const report = await res.json();
      return { id: report.id, tenantId: r.tenant.id, requestedAt: t, fault: inFault(t) };
    }
    await sleep(500);
  }
  return { id: null, tenantId: r.tenant.id, requestedAt: t, fault: inFault(t) };
}

/** Polls a report as the browser does (every 700 ms) until done or failed, then downloads it. */
async function followReport(owner, rep) {
  if (!rep.id) return { ...rep, status: 'not accepted' };
  // A render on the killed server is taken over after RENDER_EXPIRE_SECONDS plus up to the
  // queue's maintenance interval (2 minutes).
  const deadline = Date.now() + 300_000;
  for (;;) {
    const res = await fetch(`${LB}/api/v1/tenants/${rep.tenantId}/reports/${rep.id}`, {
      headers: { cookie: owner.cookie() },
    }).catch(() => null);
    const body = res?.ok ? await res.json() : null;
    if (body && (body.status === 'done' || body.status === 'failed')) {
      const doneMs = Date.now() - rep.requestedAt;
      let bytes = null;
      if (body.status === 'done') {
        for (let i = 0; i < 10 && !(bytes > 0); i++) {
          const file = await fetch(`${LB}/api/v1/tenants/${rep.tenantId}/reports/${rep.id}/file`, {
            headers: { cookie: owner.cookie() },
          }).catch(() => null);
          const buf = file?.ok ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0);
          bytes = buf.subarray(0, 5).toString() === '%PDF-' ? buf.length : -1;
          if (!(bytes > 0)) await sleep(500);
        }
      }
      return { ...rep, status: body.status, bytes, doneMs };
    }
    if (Date.now() > deadline) return { ...rep, status: body?.status ?? 'unknown' };
    await sleep(700);
  }
}

async function runReminders(adminPerson) {
  const at = reminderAt().toISOString();
  const statuses = await Promise.all(
    Array.from({ length: 6 }, async () => {
      const res = await fetch(`${LB}/api/v1/test/run-as-of`, {
        method: 'POST',
        headers: { cookie: adminPerson.cookie(), origin: LB, 'content-type': 'application/json' },
        body: JSON.stringify({ queue: 'remediation.reminders', at }),
      }).catch(() => null);
      return {
        status: res?.status ?? 'network',
        server: res?.headers.get('x-soak-server'),
        result: res ? await res.text() : null,
      };
    }),
  );
  return statuses;
}

// ------------------------------------------------------------------------------------------
// The run
// ------------------------------------------------------------------------------------------

let T0run = 0;
const failures = [];
const checks = [];
const check = (ok, what) => {
  checks.push({ ok, check: what });
  if (!ok) failures.push(what);
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

async function main() {
  log(`work directory ${work}; database ${DB_NAME}`);
  // Every server migrates at start: the first alone, then the other two.
  await startServer(servers[0]);
  if ((await fetch(`${servers[0].base}/readyz`).catch(() => null))?.status === 200) {
    healthPath = '/readyz';
  }
  await Promise.all(servers.slice(1).map(startServer));
  await startHaproxy();
  await new Promise((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  log(`3 servers behind HAProxy (health: ${healthPath}); setting up…`);

  const world = await setUpWorld();
  webhookVerifier = new Webhook(world.secret);
  log(
    `set up: ${TENANTS} tenants, ${world.respondents.length} respondents × ${QUESTIONS} questions, ${world.assessors.length} assessors`,
  );
  await pool(world.respondents, 20, openRespondent);

  const stop = { stopped: false, aborts: new Set() };
  const streams = world.assessors.map((a) => follow(a, stop));
  // Let every stream open before anything changes.
  for (let i = 0; i < 100 && world.assessors.some((a) => !a.connections[0]?.openedAt); i++) {
    await sleep(100);
  }

  T0run = Date.now();
  const runMs = DURATION_S * 1000;
  const answeringMs = runMs * 0.8;
  log(`running for ${DURATION_S} s`);
  const answering = Promise.all(world.respondents.map((r) => respond(r, world, answeringMs)));
  const markerWriterPerson = world.assessors[world.assessors.length - 1];
  const markers = markerWriter(world, markerWriterPerson, T0run + runMs * 0.9);
  const office = officeSignIns(world, T0run + runMs * 0.9);

  // Reports through the run: one every runMs / 12, round the tenants.
  const reports = [];
  const reportPolls = [];
  const reportTimer = (async () => {
    for (let i = 0; i < 12; i++) {
      await sleep(runMs / 13);
      const r = world.respondents[(i * 17) % world.respondents.length];
      const rep = await requestReport(world, world.owner, r);
      reports.push(rep);
      reportPolls.push(followReport(world.owner, rep));
    }
  })();

  // Faults. Before the kill (full run only: the take-over costs minutes), three reports at once,
  // so that one is likely rendering on the server that dies.
  await sleep(runMs * 0.3 - (Date.now() - T0run) - (SHORT ? 0 : 1500));
  if (!SHORT) {
    for (const r of world.respondents.slice(1, 4)) {
      const rep = await requestReport(world, world.owner, r);
      reports.push(rep);
      reportPolls.push(followReport(world.owner, rep));
    }
    await sleep(Math.max(0, runMs * 0.3 - (Date.now() - T0run)));
  }
  const kill = killAndRestart(servers[0]);
  await sleep(300);
  const signInAttack = signInBurst(world);
  await kill;
  await sleep(Math.max(0, runMs * 0.45 - (Date.now() - T0run)));
  const reminderRuns = await runReminders(admin);
  log(
    `reminders run 6 times at once: ${reminderRuns.map((x) => `${x.status}@${x.server} ${x.result}`).join('; ')}`,
  );
  await sleep(Math.max(0, runMs * 0.6 - (Date.now() - T0run)));
  const drain = drainAndRestart(servers[1]);
  await sleep(200);
  const linkAttack = linkGuessBurst();
  await drain;

  await answering;
  log('every respondent has given their answers; draining queues');
  const drained = await pool(world.respondents, 50, (r) => drainQueue(r, Date.now() + 120_000));
  await pool(world.respondents, 20, submit);
  const markerAcks = await markers;
  const officeResults = await office;
  await reportTimer;
  // Complete every tenth respondent's assessment (assessment.completed webhooks).
  const completed = await pool(
    world.respondents.filter((r) => r.n % 10 === 0),
    5,
    async (r) => {
      const res = await fetch(
        `${LB}/api/v1/tenants/${r.tenant.id}/assessments/${r.assessmentId}/complete`,
        {
          method: 'POST',
          headers: { cookie: world.owner.cookie(), origin: LB, 'content-type': 'application/json' },
          body: '{}',
        },
      ).catch(() => null);
      return res?.status ?? 'network';
    },
  );
  log(`completed ${completed.filter((s) => s === 200).length} assessments`);
  // The streams get the last events, then stop.
  await sleep(3000);
  stop.stopped = true;
  for (const c of stop.aborts) c.abort();
  await Promise.all(streams);
  const runEnded = Date.now();

  // Reports finish (each was followed from its request on); webhooks are all delivered.
  const reportStates = await Promise.all(reportPolls);

  log('reports finished; waiting for the webhook deliveries to settle');
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const q = async (text, values) => (await db.query(text, values)).rows;
  // Wait for the webhook deliveries to settle (retries of refused ones run 10-20 s later).
  const webhookDeadline = Date.now() + 150_000;
  let pendingDeliveries;
  for (;;) {
    [{ n: pendingDeliveries }] = await q(
      `select count(*)::int as n from webhook_deliveries where status = 'pending'`,
    );
    if (pendingDeliveries === 0 || Date.now() > webhookDeadline) break;
    await sleep(1000);
  }

  // ---------------------------------------------------------------------------------------
  // What the database says
  // ---------------------------------------------------------------------------------------
  log('checking');
  console.log('\nChecks:');
  const allAssessments = [
    ...world.respondents.map((r) => r.assessmentId),
    ...world.tenants.map((t) => t.marker),
  ];

  // Answers: lost, duplicated, and what the clients believe was accepted.
  const stored = new Map(
    (
      await q(
        `select assessment_id, question_key, value from assessment_answers where assessment_id = any($1)`,
        [allAssessments],
      )
    ).map((r) => [`${r.assessment_id}/${r.question_key}`, r.value]),
  );
  let lost = 0;
  let questionsAnswered = 0;
  for (const r of world.respondents) {
    for (const [key, value] of r.last) {
      questionsAnswered++;
      if (stored.get(`${r.assessmentId}/${key}`) !== value) lost++;
    }
  }
  const claimRows = await q(
    `select assessment_id, idempotency_key from answer_writes where assessment_id = any($1)`,
    [allAssessments],
  );
  const claimed = new Set(claimRows.map((r) => `${r.assessment_id}/${r.idempotency_key}`));
  const [{ history }] = await q(
    `select count(*)::int as history from answer_history where assessment_id = any($1)`,
    [allAssessments],
  );
  const clientTaken = [];
  const clientSent = new Set();
  for (const r of world.respondents) {
    for (const k of r.keysTaken) clientTaken.push(`${r.assessmentId}/${k}`);
    for (const k of r.keysSent) clientSent.add(`${r.assessmentId}/${k}`);
  }
  for (const m of markerAcks) {
    clientSent.add(`${m.assessmentId}/${m.idempotencyKey}`);
    if (m.acked) clientTaken.push(`${m.assessmentId}/${m.idempotencyKey}`);
  }
  const acceptedButMissing = clientTaken.filter((k) => !claimed.has(k)).length;
  const unknownClaims = [...claimed].filter((k) => !clientSent.has(k)).length;
  const duplicated = claimRows.length - (stored.size + history) + (claimRows.length - claimed.size);
  const stillQueued = world.respondents.reduce((n, r) => n + r.queue.snapshot().writes.length, 0);
  const refusedWrites = world.respondents.reduce((n, r) => n + r.queue.snapshot().failed.length, 0);
  const markerUnacked = markerAcks.filter((m) => !m.acked).length;
  const given = world.respondents.reduce((n, r) => n + r.given, 0);
  check(
    drained.every(Boolean) && stillQueued === 0,
    `every queue drained (${stillQueued} writes left)`,
  );
  check(refusedWrites === 0, `no write refused (${refusedWrites})`);
  check(lost === 0, `0 answers lost (${lost} of ${questionsAnswered} questions answered)`);
  check(
    duplicated === 0,
    `0 answers duplicated (claims ${claimRows.length} = stored ${stored.size} + history ${history})`,
  );
  check(
    acceptedButMissing === 0 && unknownClaims === 0,
    `every write a client saw accepted is in the database (${acceptedButMissing} missing), none it did not send (${unknownClaims})`,
  );
  check(markerUnacked === 0, `every marker answer accepted (${markerUnacked} not)`);
  check(
    world.respondents.every((r) => r.submitted),
    'every respondent submitted',
  );

  // Live streams.
  const events = await q(
    `select id::bigint as id, tenant_id, assessment_id, kind, extract(epoch from created_at) * 1000 as at
     from live_events where tenant_id = any($1) order by id`,
    [world.tenants.map((t) => t.id)],
  );
  for (const e of events) {
    e.id = Number(e.id);
    e.at = Number(e.at);
  }
  const live = liveReport(world, events, runEnded);
  check(
    live.missedMarkers === 0,
    `every marker event reached every stream (${live.missedMarkers} missed of ${live.markerChecks})`,
  );
  check(
    live.missedLast === 0,
    `every assessment's last change reached every stream (${live.missedLast} missed of ${live.lastChecks})`,
  );
  check(
    live.resumesWithoutId === 0,
    `every reconnect sent Last-Event-ID (${live.resumesWithoutId} did not)`,
  );
  check(
    live.streamsOnFaultedServers > 0 && live.streamsNotResumed === 0,
    `every stream cut by a fault resumed (${live.streamsOnFaultedServers} cut, ${live.streamsNotResumed} did not resume)`,
  );

  // Webhooks.
  const deliveries = await q(
    `select message_id, event_type, status, attempts from webhook_deliveries where endpoint_id = $1`,
    [world.endpoint.id],
  );
  const messageIds = new Set(deliveries.map((d) => d.message_id));
  const notReceived = [...messageIds].filter((id) => !received.byId.has(id)).length;
  const unknownReceived = [...received.byId.keys()].filter((id) => !messageIds.has(id)).length;
  const receivedTwice = [...received.byId.values()].filter((x) => x.count > 1).length;
  const byType = tally(deliveries.map((d) => d.event_type));
  const failedDeliveries = deliveries.filter((d) => d.status === 'failed').length;
  check(
    pendingDeliveries === 0 && failedDeliveries === 0,
    `every delivery succeeded (${pendingDeliveries} pending, ${failedDeliveries} failed)`,
  );
  check(
    notReceived === 0,
    `every webhook event received at least once (${messageIds.size} events, ${notReceived} never received)`,
  );
  check(
    unknownReceived === 0 && received.badSignature === 0,
    `every received webhook signed and known (${received.badSignature} bad signatures, ${unknownReceived} unknown ids)`,
  );
  check(
    (byType['respondent.submitted'] ?? 0) === world.respondents.length,
    `one respondent.submitted event per respondent (${byType['respondent.submitted'] ?? 0})`,
  );
  check(
    (byType['task.created'] ?? 0) === world.assessors.length,
    `one task.created event per task (${byType['task.created'] ?? 0})`,
  );

  // Jobs.
  const reportsDone = reportStates.filter((r) => r.status === 'done' && r.bytes > 0).length;
  check(
    reportsDone === reports.length,
    `every PDF report done and downloadable (${reportsDone} of ${reports.length}: ${JSON.stringify(tally(reportStates.map((r) => r.status)))})`,
  );
  const reportJobs = await q(
    `select data->>'reportId' as report, state, retry_count from (
       select data, state, retry_count, name from pgboss.job
       union all select data, state, retry_count, name from pgboss.archive) j
     where name = 'reports.render'`,
  );
  const jobsPerReport = tally(reportJobs.map((j) => j.report));
  const reportJobsTwice = Object.values(jobsPerReport).filter((n) => n > 1).length;
  const reportReruns = reportJobs.filter((j) => j.retry_count > 0).length;
  check(reportJobsTwice === 0, `one render job per report (${reportJobsTwice} reports with more)`);
  const reminderMails = await q(
    `select "to", count(*)::int as n from mailbox_messages where subject ~ 'remediation task' group by 1`,
  );
  const remindedTwice = reminderMails.filter((m) => m.n > 1).length;
  check(
    reminderMails.length === world.assessors.length && remindedTwice === 0,
    `exactly one reminder e-mail per assignee from 6 concurrent runs (${reminderMails.length} people, ${remindedTwice} twice)`,
  );
  const periodicTwice = await q(
    `select name, singleton_on, count(*)::int as n from (
       select name, singleton_on, singleton_key from pgboss.job
       union all select name, singleton_on, singleton_key from pgboss.archive) j
     where singleton_key = name and singleton_on is not null
     group by 1, 2 having count(*) > 1`,
  );
  const periodicRuns = await q(
    `select name, count(*)::int as n, count(*) filter (where state = 'completed')::int as completed
     from (select name, state, singleton_key from pgboss.job
           union all select name, state, singleton_key from pgboss.archive) j
     where singleton_key = name group by 1 order by 1`,
  );
  check(
    periodicTwice.length === 0,
    `periodic work: at most one run per time slot across the processes (${periodicTwice.length} slots ran twice)`,
  );
  const mailDupes = await q(
    `select "to", subject, count(*)::int as n from mailbox_messages group by 1, 2, text having count(*) > 1`,
  );
  check(mailDupes.length === 0, `no e-mail sent twice (${mailDupes.length})`);

  // Rate limits.
  const attack = await signInAttack;
  const guesses = await linkAttack;
  const attackPassed = attack[401] ?? 0;
  const guessPassed = guesses[401] ?? 0;
  check(
    attackPassed <= SIGN_IN_LIMIT && (attack[429] ?? 0) > 0,
    `sign-in limit held across the servers: 30 wrong passwords from one address, ${attackPassed} answered 401 (limit ${SIGN_IN_LIMIT}), ${attack[429] ?? 0} 429 (${JSON.stringify(attack)})`,
  );
  check(
    guessPassed <= LINK_FAILURE_LIMIT && (guesses[429] ?? 0) > 0,
    `link-guessing limit held across the servers: 45 guesses, ${guessPassed} answered 401 (limit ${LINK_FAILURE_LIMIT}) (${JSON.stringify(guesses)})`,
  );
  const officeRight = officeResults.filter((r) => !r.wrong);
  const officeWrong = officeResults.filter((r) => r.wrong);
  check(
    officeRight.every((r) => r.status === 200) && officeWrong.every((r) => r.status === 401),
    `the office's sign-ins unaffected: ${officeRight.filter((r) => r.status === 200).length}/${officeRight.length} right passwords signed in, ${officeWrong.filter((r) => r.status === 401).length}/${officeWrong.length} wrong ones refused (${JSON.stringify(tally(officeResults.map((r) => r.status)))})`,
  );

  // The drained server: graceful (issue 28: stops taking requests, finishes in-flight ones,
  // ends live streams, returns or finishes its jobs, exits 0).
  const drainFault = faults.find((f) => f.kind === 'SIGTERM');
  check(
    drainFault?.exit === 0,
    `the SIGTERMed server drained and exited 0 (exit ${drainFault?.exit} after ${drainFault?.drainMs} ms)`,
  );
  if (healthPath === '/readyz') {
    check(
      drainFault?.saw503 === true,
      `its /readyz answered 503 while draining (first not ready: ${drainFault?.notReadyAnswer} after ${drainFault?.firstNotReadyMs} ms)`,
    );
  }

  // Server logs: errors.
  const errorLines = servers.flatMap((s) =>
    fs
      .readFileSync(s.logFile, 'utf8')
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l))
      .map((l) => `${s.name}: ${l.slice(0, 400)}`),
  );
  const lbStats = await haproxyServers().catch(() => []);
  await db.end();

  // ---------------------------------------------------------------------------------------
  // Figures
  // ---------------------------------------------------------------------------------------
  const ok2xx = (xs) => xs.filter((x) => typeof x.status === 'number' && x.status < 300);
  const split = (xs) => ({
    outside: ok2xx(xs.filter((x) => !x.fault)).map((x) => x.ms),
    during: ok2xx(xs.filter((x) => x.fault)).map((x) => x.ms),
  });
  const resp = split(saves.respondent);
  const e2e = {
    outside: saves.endToEnd.filter((x) => !x.fault).map((x) => x.ms),
    during: saves.endToEnd.filter((x) => x.fault).map((x) => x.ms),
  };
  const mark = split(saves.marker);
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
  const result = {
    date: new Date().toISOString(),
    short: SHORT,
    durationS: DURATION_S,
    cores: os.cpus().length,
    loadAverageAtEnd: load,
    healthPath,
    respondents: world.respondents.length,
    wentOffline: world.respondents.filter((r) => r.wentOffline).length,
    questions: QUESTIONS,
    answersGiven: given,
    questionsAnswered,
    writesSent: saves.respondent.length,
    writesAccepted: claimRows.length,
    outcomes: world.respondents.reduce((m, r) => {
      for (const [k, v] of Object.entries(r.outcomes)) m[k] = (m[k] ?? 0) + v;
      return m;
    }, {}),
    saveFailures: tally(
      saves.respondent
        .filter((x) => !(typeof x.status === 'number' && x.status < 300))
        .map((x) => String(x.status)),
    ),
    lost,
    duplicated,
    saveP50: { outside: pct(resp.outside, 50), during: pct(resp.during, 50) },
    saveP99: { outside: pct(resp.outside, 99), during: pct(resp.during, 99) },
    saveCount: { outside: resp.outside.length, during: resp.during.length },
    givenToAcceptedP99: { outside: pct(e2e.outside, 99), during: pct(e2e.during, 99) },
    givenToAcceptedMax: { outside: pct(e2e.outside, 100), during: pct(e2e.during, 100) },
    markerSaveP99: { outside: pct(mark.outside, 99), during: pct(mark.during, 99) },
    live,
    webhooks: {
      events: messageIds.size,
      byType,
      requests: received.requests,
      refusedOnPurpose: received.refusedOnPurpose,
      receivedTwice,
      badSignatures: received.badDetails,
      attemptsMax: Math.max(0, ...deliveries.map((d) => d.attempts)),
    },
    reports: {
      requested: reports.length,
      done: reportsDone,
      duringFaults: reports.filter((r) => r.fault).length,
      p50DoneMs: pct(
        reportStates.filter((r) => r.doneMs).map((r) => r.doneMs),
        50,
      ),
      maxDoneMs: pct(
        reportStates.filter((r) => r.doneMs).map((r) => r.doneMs),
        100,
      ),
      reruns: reportReruns,
    },
    reminders: {
      runs: tally(reminderRuns.map((x) => String(x.status))),
      people: reminderMails.length,
      twice: remindedTwice,
    },
    periodic: periodicRuns,
    rateLimits: {
      signInBurst: attack,
      linkGuesses: guesses,
      office: tally(officeResults.map((r) => r.status)),
    },
    faults: faults.map(({ from, to: _to, ...f }) => ({
      ...f,
      atS: +((from - T0run) / 1000).toFixed(1),
    })),
    haproxy: lbStats,
    serverErrorLines: errorLines.length,
    checks,
    failures,
  };
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  fs.writeFileSync(path.join(root, '.tmp', 'soak.json'), JSON.stringify(result, null, 2));

  console.log(
    `\nSoak: ${DURATION_S} s, ${os.cpus().length} cores, load average at the end ${load}`,
  );
  console.log('| figure | outside the faults | during the faults |');
  console.log('|---|---:|---:|');
  console.log(`| answer saves (2xx requests) | ${resp.outside.length} | ${resp.during.length} |`);
  console.log(`| answer save p50 | ${ms(result.saveP50.outside)} | ${ms(result.saveP50.during)} |`);
  console.log(`| answer save p99 | ${ms(result.saveP99.outside)} | ${ms(result.saveP99.during)} |`);
  console.log(
    `| answer given → accepted p99 (online respondents, retries included) | ${ms(result.givenToAcceptedP99.outside)} | ${ms(result.givenToAcceptedP99.during)} |`,
  );
  console.log(
    `| answer given → accepted max | ${ms(result.givenToAcceptedMax.outside)} | ${ms(result.givenToAcceptedMax.during)} |`,
  );
  console.log(
    `| marker (member) save p99 | ${ms(result.markerSaveP99.outside)} | ${ms(result.markerSaveP99.during)} |`,
  );
  console.log(
    `\nanswers given ${given}, writes sent ${saves.respondent.length} (failed attempts ${JSON.stringify(result.saveFailures)}), accepted ${claimRows.length}, lost ${lost}, duplicated ${duplicated}`,
  );
  console.log(
    `live: ${JSON.stringify({ streams: live.streams, connections: live.connections, messages: live.messages, markerChecks: live.markerChecks, eventP50: live.markerDelayP50, eventP99: live.markerDelayP99 })}`,
  );
  console.log(`webhooks: ${JSON.stringify(result.webhooks)}`);
  console.log(`reports: ${JSON.stringify(result.reports)}`);
  console.log(`faults: ${JSON.stringify(result.faults)}`);
  console.log(`haproxy: ${JSON.stringify(lbStats)}`);
  if (errorLines.length) {
    console.log(`\n${errorLines.length} error lines in the servers' logs; the first:`);
    for (const l of errorLines.slice(0, 5)) console.log(`  ${l}`);
  }
  console.log(
    `\n${failures.length === 0 ? 'soak passed' : `soak FAILED: ${failures.length} checks`} (.tmp/soak.json)`,
  );
  return failures.length === 0;
}

/**
 * Per stream: every marker event after the stream opened must be followed by a message for its
 * assessment before the marker's next change (markers change one at a time, seconds apart, so
 * such a message can only carry that event, or a replay including it); and every assessment's
 * last event must be followed by a message for it. Reconnects must carry Last-Event-ID.
 */
function liveReport(world, events, runEnded) {
  const byAssessment = new Map();
  for (const e of events) {
    if (!byAssessment.has(e.assessment_id)) byAssessment.set(e.assessment_id, []);
    byAssessment.get(e.assessment_id).push(e);
  }
  const faultedAt = faults.map((f) => ({ server: f.server, at: f.from }));
  let markerChecks = 0;
  let missedMarkers = 0;
  let lastChecks = 0;
  let missedLast = 0;
  let resumesWithoutId = 0;
  let streamsOnFaultedServers = 0;
  let streamsNotResumed = 0;
  const delays = [];
  const missedExamples = [];
  for (const a of world.assessors) {
    const opened = a.connections[0]?.openedAt ?? Infinity;
    const msgs = new Map();
    for (const m of a.messages) {
      if (!msgs.has(m.assessmentId)) msgs.set(m.assessmentId, []);
      msgs.get(m.assessmentId).push(m.at);
    }
    const tenantAssessments = [...a.tenant.assessments, a.tenant.marker];
    for (const id of tenantAssessments) {
      const evs = (byAssessment.get(id) ?? []).filter((e) => e.at > opened + 500);
      const got = msgs.get(id) ?? [];
      if (id === a.tenant.marker) {
        for (let i = 0; i < evs.length; i++) {
          // Events of one change come together (an answer and, rarely, its roll-up).
          if (i + 1 < evs.length && evs[i + 1].at - evs[i].at < 1000) continue;
          const next = evs.slice(i + 1).find((e) => e.at - evs[i].at >= 1000)?.at ?? Infinity;
          markerChecks++;
          const ev = evs[i];
          const hit = got.find((t) => t >= ev.at && t < next);
          // Or a reconnect after it, resuming from before it, whose replay carried it (then
          // coalesced with a later change of the marker).
          const replayed = a.connections.some(
            (c) =>
              c.startedAt > ev.at &&
              c.sentLastEventId !== null &&
              c.sentLastEventId < ev.id &&
              got.some((t) => t >= (c.openedAt ?? c.startedAt) && t <= (c.endedAt ?? Infinity)),
          );
          if (hit === undefined && !replayed) {
            missedMarkers++;
            if (missedExamples.length < 5) {
              const rel = (t) => (t == null ? null : +((t - T0run) / 1000).toFixed(3));
              missedExamples.push({
                assessor: a.label,
                event: ev.id,
                kind: ev.kind,
                atS: rel(ev.at),
                nextChangeAtS: rel(next),
                writtenThrough: markerServers
                  .get(ev.assessment_id)
                  ?.filter((w) => Math.abs(w.at - ev.at) < 5000)
                  .map((w) => ({ ...w, at: rel(w.at) })),
                messagesForItS: got.filter((t) => Math.abs(t - ev.at) < 15_000).map(rel),
                connections: a.connections.map((c) => ({
                  server: c.server,
                  startedAtS: rel(c.startedAt),
                  openedAtS: rel(c.openedAt),
                  endedAtS: rel(c.endedAt),
                  end: c.end,
                  lastEventId: c.sentLastEventId,
                })),
              });
            }
          } else if (hit !== undefined) delays.push(hit - ev.at);
        }
      }
      if (evs.length > 0) {
        lastChecks++;
        const last = evs[evs.length - 1];
        if (!got.some((t) => t >= last.at)) {
          missedLast++;
          if (missedExamples.length < 5)
            missedExamples.push({ assessor: a.label, lastEvent: last.id, kind: last.kind });
        }
      }
    }
    // Resumes.
    let lastSeen = null;
    for (const c of a.connections) {
      if (c !== a.connections[0] && lastSeen !== null && c.sentLastEventId === null)
        resumesWithoutId++;
      const got = a.messages.filter((m) => m.at >= c.startedAt && m.at <= (c.endedAt ?? Infinity));
      if (got.length) lastSeen = got[got.length - 1].id;
    }
    const cut = a.connections.filter(
      (c) =>
        c.endedAt &&
        c.endedAt < runEnded - 1000 &&
        faultedAt.some(
          (f) => f.server === c.server && c.endedAt >= f.at && c.endedAt - f.at < 35_000,
        ),
    );
    if (cut.length) {
      streamsOnFaultedServers++;
      const resumed = cut.every((c) =>
        a.connections.some((n) => n.startedAt >= c.endedAt && n.status === 200),
      );
      if (!resumed) streamsNotResumed++;
    }
  }
  return {
    streams: world.assessors.length,
    connections: world.assessors.reduce((n, a) => n + a.connections.length, 0),
    connectionEnds: tally(
      world.assessors.flatMap((a) => a.connections.map((c) => c.end ?? 'open')),
    ),
    messages: world.assessors.reduce((n, a) => n + a.messages.length, 0),
    markerChecks,
    missedMarkers,
    lastChecks,
    missedLast,
    resumesWithoutId,
    streamsOnFaultedServers,
    streamsNotResumed,
    markerDelayP50: pct(delays, 50),
    markerDelayP99: pct(delays, 99),
    missedExamples,
  };
}

let passed = false;
try {
  passed = await main();
} catch (err) {
  console.error(`soak: ${err.stack ?? err}`);
} finally {
  receiver.close();
  receiver.closeAllConnections?.();
  if (haproxy && haproxy.exitCode === null) haproxy.kill('SIGTERM');
  await Promise.all(
    servers.map(async (s) => {
      if (!s.child || s.child.exitCode !== null || s.child.signalCode !== null) return;
      s.child.kill('SIGTERM');
      await Promise.race([s.exit, sleep(15_000)]);
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    }),
  );
  log('stopped');
  try {
    if (KEEP_LOGS) console.log(`database ${DB_NAME} kept (--keep-logs)`);
    else psqlAdmin(`drop database if exists ${DB_NAME} with (force)`);
  } catch (err) {
    console.error(`soak: could not drop ${DB_NAME}: ${err.message}`);
  }
  if (passed && !KEEP_LOGS) fs.rmSync(work, { recursive: true, force: true });
  else console.log(`logs kept in ${work}`);
}
process.exit(passed ? 0 : 1);
