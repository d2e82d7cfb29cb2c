/**
 * Nothing lost across a crash: 200 simulated respondents each answer 50 questions at a
 * human-ish pace through the real HTTP API, with the respondent page's own queue-and-replay
 * logic (apps/web/src/respondent/lib/queue.ts; its storage here is memory that outlives the
 * server, as IndexedDB does). Some answers are changed later. In the middle the server is
 * killed (SIGKILL) and started again on the same port and database. When every queue has
 * drained, the database is read directly:
 *
 * - lost: questions whose stored answer is not the last value the respondent gave (or none);
 * - duplicated: writes applied more than once — every accepted write claims its idempotency
 *   key once, and becomes the answer or one history row, so claims must equal answers + history
 *   rows, and no idempotency key may appear twice.
 *
 *   npx tsx bench/respondents-restart.ts [--only pglite|postgres] [--respondents 200] [--questions 50]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { AnswerQueue, emptyState, type QueueState } from '../apps/web/src/respondent/lib/queue.ts';
import { benchValue, setUpAssessments, signUpOwner } from './assessment-world.ts';
import {
  type BenchServer,
  opt,
  pgDatabaseUrl,
  pgReachable,
  psql,
  sleep,
  startServer,
  stopServer,
} from './lib.mjs';

const ONLY = opt('only', '');
const RESPONDENTS = Number(opt('respondents', 200));
const QUESTIONS = Number(opt('questions', 50));
/** A person's pause before each answer, min and max (human-ish: reading, thinking). */
const PACE_MS = [1000, 3000] as const;
/** Share of questions answered again later with another value. */
const CHANGED = 0.1;

type Server = BenchServer;

interface Respondent {
  token: string;
  assessmentId: string;
  queue: AnswerQueue;
  /** The last value given per question key. */
  last: Map<string, string | number>;
  given: number;
}

function memoryStorage() {
  let state: QueueState = emptyState();
  return {
    async load() {
      return structuredClone(state);
    },
    async save(s: QueueState) {
      state = structuredClone(s);
    },
  };
}

async function session(base: string, token: string) {
  for (;;) {
    try {
      const res = await fetch(`${base}/api/v1/respond`, {
        headers: { 'x-respondent-token': token },
      });
      if (res.ok) return (await res.json()) as { respondent: { id: string }; lastSeq: number };
    } catch {
      /* the server is restarting */
    }
    await sleep(500);
  }
}

async function runDatabase(name: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tenantry-restart-${name}-`));
  const fullEnv = { DATA_DIR: dataDir, ...env };
  let server: Server = await startServer(name, fullEnv);
  const port = Number(new URL(server.base).port);
  try {
    const cookie = await signUpOwner(server.base, fullEnv);
    console.log(`  ${RESPONDENTS} respondents × ${QUESTIONS} questions…`);
    const world = await setUpAssessments(server.base, cookie, {
      assessments: RESPONDENTS,
      questions: QUESTIONS,
    });
    const base = server.base;
    // The page's fetch is same-origin: the queue's paths go to whichever server is up.
    const pageFetch: typeof fetch = (input, init) =>
      fetch(`${base}${String(input)}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), origin: base },
      });
    const people: Respondent[] = [];
    for (const a of world.assessments) {
      const queue = await AnswerQueue.open({
        storage: memoryStorage(),
        fetch: pageFetch,
        token: () => a.token,
        requestTimeoutMs: 30_000,
        baseDelayMs: 500,
        maxDelayMs: 5_000,
      });
      const s = await session(base, a.token);
      await queue.begin({ respondentId: s.respondent.id, lastSeq: s.lastSeq });
      people.push({ token: a.token, assessmentId: a.id, queue, last: new Map(), given: 0 });
    }

    const answerAll = async (p: Respondent) => {
      const order = world.questionKeys.map((_, i) => i).sort(() => Math.random() - 0.5);
      const again = order.filter(() => Math.random() < CHANGED);
      for (const [n, i] of [...order, ...again].entries()) {
        await sleep(PACE_MS[0] + Math.random() * (PACE_MS[1] - PACE_MS[0]));
        const key = world.questionKeys[i]!;
        const value = benchValue(i, n + 1);
        p.last.set(key, value);
        p.given++;
        await p.queue.enqueue(key, { value, na: false, note: '' });
      }
    };

    const started = Date.now();
    const answering = Promise.all(people.map(answerAll));
    // Kill the server in the middle of the answering (≈ 40 % of the way), then start it again.
    const expectedMs = QUESTIONS * (1 + CHANGED) * ((PACE_MS[0] + PACE_MS[1]) / 2);
    await sleep(expectedMs * 0.4);
    const givenAtKill = people.reduce((n, p) => n + p.given, 0);
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    const killedAt = Date.now();
    console.log(
      `  SIGKILL after ${((killedAt - started) / 1000).toFixed(1)} s (${givenAtKill} answers given)`,
    );
    await sleep(1500);
    server = await startServer(`${name}-restarted`, fullEnv, { port });
    console.log(`  back after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
    await answering;
    // Every queue drains (writes waiting in back-off are retried at once, as `online` does).
    const deadline = Date.now() + 300_000;
    for (;;) {
      const waiting = people.reduce((n, p) => n + p.queue.snapshot().writes.length, 0);
      const failed = people.reduce((n, p) => n + p.queue.snapshot().failed.length, 0);
      if (failed > 0) throw new Error(`${failed} writes were refused`);
      if (waiting === 0) break;
      if (Date.now() > deadline) throw new Error(`${waiting} writes still waiting after 5 minutes`);
      for (const p of people) p.queue.retryNow();
      await sleep(500);
    }
    const given = people.reduce((n, p) => n + p.given, 0);
    for (const p of people) p.queue.dispose();
    await stopServer(server);

    // Read the database directly (the server is stopped: PGlite has one owner).
    const db = await openDatabase(
      env.DATABASE_URL
        ? { databaseUrl: env.DATABASE_URL }
        : { pgliteDir: path.join(dataDir, 'pglite') },
    );
    try {
      const ids = people.map((p) => p.assessmentId);
      const answers = await queryRows<{
        assessment_id: string;
        question_key: string;
        value: unknown;
      }>(
        db.db,
        sql`select assessment_id, question_key, value from assessment_answers
            where assessment_id in ${ids}`,
      );
      const stored = new Map(answers.map((r) => [`${r.assessment_id}/${r.question_key}`, r.value]));
      let lost = 0;
      let expected = 0;
      for (const p of people) {
        for (const [key, value] of p.last) {
          expected++;
          if (stored.get(`${p.assessmentId}/${key}`) !== value) lost++;
        }
      }
      const [counts] = await queryRows<{ claims: number; keys: number; history: number }>(
        db.db,
        sql`select
          (select count(*) from answer_writes where assessment_id in ${ids})::int as claims,
          (select count(distinct idempotency_key) from answer_writes where assessment_id in ${ids})::int as keys,
          (select count(*) from answer_history where assessment_id in ${ids})::int as history`,
      );
      const duplicated =
        counts!.claims - (answers.length + counts!.history) + (counts!.claims - counts!.keys);
      return {
        respondents: RESPONDENTS,
        given,
        questionsAnswered: expected,
        stored: answers.length,
        accepted: counts!.claims,
        history: counts!.history,
        lost,
        duplicated,
      };
    } finally {
      await db.close();
    }
  } finally {
    if (server.child.exitCode === null) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const all: Record<string, Awaited<ReturnType<typeof runDatabase>>> = {};
if (ONLY !== 'postgres') {
  console.log('PGlite:');
  all.pglite = await runDatabase('pglite', { DATABASE_URL: '' });
}
if (ONLY !== 'pglite') {
  if (pgReachable()) {
    console.log('PostgreSQL:');
    psql('drop database if exists tenantry_bench_restart with (force)');
    psql('create database tenantry_bench_restart');
    all.postgres = await runDatabase('postgres', {
      DATABASE_URL: pgDatabaseUrl('tenantry_bench_restart'),
    });
    psql('drop database if exists tenantry_bench_restart with (force)');
  } else {
    console.log('PostgreSQL not reachable: skipped');
  }
}
console.log(
  '\n| database | respondents | answers given | questions answered | stored | writes accepted | history rows | lost | duplicated |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [db, r] of Object.entries(all)) {
  console.log(
    `| ${db} | ${r.respondents} | ${r.given} | ${r.questionsAnswered} | ${r.stored} | ${r.accepted} | ${r.history} | ${r.lost} | ${r.duplicated} |`,
  );
}
const bad = Object.values(all).some((r) => r.lost > 0 || r.duplicated !== 0);
process.exitCode = bad ? 1 : 0;
