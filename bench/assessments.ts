/**
 * Answer saving and live progress, on the real server (compare ratios, not absolutes):
 *
 * 1. Answer-save throughput: respondents' `PUT /api/v1/respond/answers/{key}` (each request a
 *    new write: its own idempotency key, a random respondent of 200 assessments, a random
 *    question of 50) against the one-query ceiling, in interleaved rounds (bench/lib.mjs).
 *    Budget: ≥ 40 % of the ceiling with p99 < 100 ms on PostgreSQL at 50 connections.
 * 2. Live-progress latency: a provider's stream (`GET /api/v1/tenants/{id}/live`) is open while
 *    respondents save at a human-ish pace; for each save, the time from sending it to the
 *    stream's event for its assessment, and to the provider's re-read of the assessment showing
 *    the answer. On PostgreSQL the stream is on a SECOND server process (the save on the first
 *    travels by LISTEN/NOTIFY); on PGlite, one process.
 *
 *   npx tsx bench/assessments.ts [--duration 3] [--rounds 3] [--only pglite|postgres] [--saves 200]
 *     (--saves 0: throughput only, no live-progress measurement)
 *     [--cpu-prof DIR]   (a CPU profile of the answering server: DIR/<database>/*.cpuprofile)
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scoreDocument } from '../packages/shared/src/scoring.ts';
import {
  benchValue,
  setUpAssessments,
  signUpOwner,
  type AssessmentWorld,
} from './assessment-world.ts';
import {
  type BenchServer,
  interleaved,
  opt,
  pgDatabaseUrl,
  pgReachable,
  psql,
  root,
  sleep,
  startServer,
  stopServer,
} from './lib.mjs';

const DURATION = Number(opt('duration', 3));
const ROUNDS = Number(opt('rounds', 3));
const ONLY = opt('only', '');
const SAVES = Number(opt('saves', 200));
const CPU_PROF = opt('cpu-prof', '') || undefined;
const ASSESSMENTS = 200;
/** Respondents answering the one busy assessment at once. */
const BUSY = 50;
const QUESTIONS = 50;

type Server = BenchServer;

/**
 * Respondents' saves: `spread`, each request a random respondent of 200 assessments (one each);
 * `busy`, the same number of connections all answering ONE assessment, each request one of its
 * 50 respondents (a company sending its link to all staff).
 */
function answerRoute(base: string, world: AssessmentWorld, shape: 'spread' | 'busy' = 'spread') {
  let n = 0;
  const tokens = shape === 'busy' ? world.busy!.tokens : world.assessments.map((a) => a.token);
  return {
    url: `${base}/api/v1/respond/answers/${world.questionKeys[0]}`,
    method: 'PUT',
    setupRequest: (req: Record<string, unknown>) => {
      n++;
      const token = tokens[n % tokens.length]!;
      const q = Math.floor(Math.random() * world.questionKeys.length);
      return {
        ...req,
        method: 'PUT',
        path: `/api/v1/respond/answers/${world.questionKeys[q]}`,
        headers: {
          'content-type': 'application/json',
          origin: base,
          'x-respondent-token': token,
        },
        body: JSON.stringify({
          value: benchValue(q, n),
          idempotencyKey: randomUUID(),
          seq: n,
          answeredAt: new Date().toISOString(),
        }),
      };
    },
  };
}

/**
 * Whether the busy assessment's kept scores are what the scoring model gives for its answers
 * as they are now: compares the assessment's progress with one recomputed from its answers by
 * the shared scoring model (packages/shared/src/scoring.ts).
 */
async function scoresExact(base: string, world: AssessmentWorld): Promise<boolean> {
  const res = await fetch(
    `${base}/api/v1/tenants/${world.tenantId}/assessments/${world.busy!.id}`,
    { headers: { cookie: world.cookie } },
  );
  const detail = (await res.json()) as {
    document: Parameters<typeof scoreDocument>[0];
    targets: Record<string, number | null>;
    progress: { score: number | null; answered: number; sections: Record<string, unknown> };
    answers: Array<{ questionKey: string; value: unknown; na: boolean }>;
  };
  const input: Record<string, { na?: boolean; value?: unknown }> = {};
  for (const a of detail.answers) input[a.questionKey] = a.na ? { na: true } : { value: a.value };
  const r = scoreDocument(detail.document, input as never, { targets: detail.targets });
  const ok =
    r.answered === detail.progress.answered &&
    Math.abs((r.overall ?? -1) - (detail.progress.score ?? -1)) < 1e-9;
  if (!ok) {
    console.log(
      `  kept: score ${detail.progress.score}, answered ${detail.progress.answered}; recomputed: score ${r.overall}, answered ${r.answered}`,
    );
  }
  return ok;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** Opens the provider's stream on `base` and resolves waiters by assessment id. */
async function openStream(base: string, cookie: string, tenantId: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/v1/tenants/${tenantId}/live`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (!res.ok) throw new Error(`live stream: ${res.status}`);
  const waiters = new Map<string, Array<() => void>>();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value);
      let at;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!data) continue;
        const { assessmentId } = JSON.parse(data) as { assessmentId: string };
        const list = waiters.get(assessmentId) ?? [];
        waiters.delete(assessmentId);
        for (const w of list) w();
      }
    }
  })();
  return {
    next(assessmentId: string): Promise<void> {
      return new Promise((resolve) =>
        waiters.set(assessmentId, [...(waiters.get(assessmentId) ?? []), resolve]),
      );
    },
    close: () => controller.abort(),
  };
}

/** Saves at ~5 per second, each on a different assessment; latency to event and to re-read. */
async function liveLatency(writer: Server, reader: Server, world: AssessmentWorld) {
  const stream = await openStream(reader.base, world.cookie, world.tenantId);
  await sleep(300);
  const toEvent: number[] = [];
  const toScreen: number[] = [];
  try {
    for (let i = 0; i < SAVES; i++) {
      const a = world.assessments[i % world.assessments.length]!;
      const key = world.questionKeys[i % world.questionKeys.length]!;
      const value = benchValue(i % world.questionKeys.length, i + 7);
      const arrived = stream.next(a.id);
      const t0 = performance.now();
      const res = await fetch(`${writer.base}/api/v1/respond/answers/${key}`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          origin: writer.base,
          'x-respondent-token': a.token,
        },
        body: JSON.stringify({
          value,
          idempotencyKey: randomUUID(),
          seq: 1_000_000 + i,
          answeredAt: new Date().toISOString(),
        }),
      });
      if (!res.ok) throw new Error(`save: ${res.status} ${await res.text()}`);
      await Promise.race([
        arrived,
        sleep(5000).then(() => {
          throw new Error('no live event within 5 s');
        }),
      ]);
      toEvent.push(performance.now() - t0);
      // The provider's screen re-reads the assessment and shows the answer.
      const detail = (await (
        await fetch(`${reader.base}/api/v1/tenants/${world.tenantId}/assessments/${a.id}`, {
          headers: { cookie: world.cookie },
        })
      ).json()) as { answers: Array<{ questionKey: string; value: unknown }> };
      const shown = detail.answers.find((x) => x.questionKey === key)?.value;
      if (shown !== value) throw new Error(`the re-read shows ${String(shown)}, not ${value}`);
      toScreen.push(performance.now() - t0);
      await sleep(150 + Math.random() * 100);
    }
  } finally {
    stream.close();
  }
  const r = (xs: number[]) => ({
    p50: +quantile(xs, 0.5).toFixed(1),
    p99: +quantile(xs, 0.99).toFixed(1),
  });
  return { saves: SAVES, event: r(toEvent), screen: r(toScreen) };
}

async function benchDatabase(name: string, env: Record<string, string>, connections: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tenantry-bench-${name}-`));
  const fullEnv = { DATA_DIR: dataDir, ...env };
  const servers: Server[] = [await startServer(name, fullEnv, { cpuProfDir: CPU_PROF })];
  try {
    const a = servers[0]!;
    const cookie = await signUpOwner(a.base, fullEnv);
    console.log(`  setting up ${ASSESSMENTS} assessments with a respondent each…`);
    const world = await setUpAssessments(a.base, cookie, {
      assessments: ASSESSMENTS,
      questions: QUESTIONS,
      busyRespondents: BUSY,
    });
    const answer = answerRoute(a.base, world);
    const busy = answerRoute(a.base, world, 'busy');
    for (const route of [answer, busy]) {
      for (let i = 0; i < 50; i++) {
        const req = route.setupRequest({}) as { path: string; headers: HeadersInit; body: string };
        await fetch(a.base + req.path, { method: 'PUT', headers: req.headers, body: req.body });
      }
    }
    const throughput = await interleaved(
      { name: 'ceiling', url: `${a.base}/api/v1/bench/ceiling` },
      { answer, 'answer, one busy assessment': busy },
      { connections, duration: DURATION, rounds: ROUNDS },
    );
    // The load generator stops with requests under way: their writes finish first.
    await sleep(2000);
    const exact = await scoresExact(a.base, world);
    console.log(`  busy assessment's scores after the run: ${exact ? 'exact' : 'NOT EXACT'}`);
    if (SAVES === 0) return { throughput, exact, live: null, processes: servers.length };
    // PostgreSQL: the provider watches through a second server process.
    const reader = env.DATABASE_URL ? await startServer(`${name}-2`, fullEnv) : a;
    if (reader !== a) servers.push(reader);
    console.log(
      `  live latency over ${SAVES} saves (${reader === a ? 'one process' : 'two processes'})…`,
    );
    const live = await liveLatency(a, reader, world);
    return { throughput, exact, live, processes: servers.length };
  } finally {
    for (const s of servers) await stopServer(s);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const all: Record<string, Awaited<ReturnType<typeof benchDatabase>>> = {};
if (ONLY !== 'postgres') {
  console.log(`PGlite, 10 connections, ${ROUNDS} rounds of ${DURATION}s…`);
  all.pglite = await benchDatabase('pglite', { DATABASE_URL: '' }, 10);
}
if (ONLY !== 'pglite') {
  if (pgReachable()) {
    console.log(`PostgreSQL, 50 connections, ${ROUNDS} rounds of ${DURATION}s…`);
    psql('drop database if exists tenantry_bench_assess with (force)');
    psql('create database tenantry_bench_assess');
    all.postgres = await benchDatabase(
      'postgres',
      { DATABASE_URL: pgDatabaseUrl('tenantry_bench_assess') },
      50,
    );
    psql('drop database if exists tenantry_bench_assess with (force)');
  } else {
    console.log('PostgreSQL not reachable: skipped');
  }
}

console.log(
  '\n| database | route | req/s (median) | p50 ms | p99 ms | errors | vs ceiling (median of rounds) |',
);
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const [db, r] of Object.entries(all)) {
  for (const [route, x] of Object.entries(r.throughput)) {
    console.log(
      `| ${db} | ${route} | ${x.rps} | ${x.p50} | ${x.p99} | ${x.errors} | ${Math.round(100 * x.ratio!)}% |`,
    );
  }
}
console.log(
  '\n| database | processes | saves | save → event p50 / p99 ms | save → re-read shown p50 / p99 ms |',
);
console.log('|---|---:|---:|---:|---:|');
for (const [db, r] of Object.entries(all)) {
  if (!r.live) continue;
  console.log(
    `| ${db} | ${r.processes} | ${r.live.saves} | ${r.live.event.p50} / ${r.live.event.p99} | ${r.live.screen.p50} / ${r.live.screen.p99} |`,
  );
}
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
fs.writeFileSync(
  path.join(root, '.tmp', 'bench-assessments.json'),
  JSON.stringify({ at: new Date().toISOString(), results: all }, null, 2),
);
