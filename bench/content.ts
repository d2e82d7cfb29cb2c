/**
 * Content benchmarks, in process (the whole HTTP app through `app.request`, no network):
 *
 * 1. import of a generated 1,000-question framework (every question type, nested sections),
 *    then its publish — the issue's bar is an import under 2 s;
 * 2. the library search at 100 published frameworks (100 questions each: 10,000 searchable
 *    sections and questions), for a key prefix (`K3.S2`), words (`encryption backups`), and
 *    no query (the first page).
 *
 *   npx tsx bench/content.ts
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/content.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QUESTION_TYPES } from '@tenantry/shared';
import pg from 'pg';
import { createApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  seedDemoData,
} from '../apps/server/src/modules/demo/demo.service.ts';

const PUBLIC_URL = 'http://localhost:3000';

const WORDS = [
  'encryption',
  'backups',
  'access',
  'identity',
  'logging',
  'patching',
  'vendors',
  'training',
  'recovery',
  'inventory',
];

function question(key: string, i: number) {
  const type = QUESTION_TYPES[i % QUESTION_TYPES.length]!;
  const common = {
    key,
    title: `Do you manage ${WORDS[i % WORDS.length]} for ${WORDS[(i * 7) % WORDS.length]} (${key})?`,
    description: 'Generated for the benchmark.',
    guidance: '- Look for a written procedure\n- Ask for evidence',
    tags: i % 3 === 0 ? ['ig1'] : ['ig2'],
  };
  switch (type) {
    case 'maturity':
      return { ...common, type };
    case 'single_choice':
    case 'multiple_choice':
      return {
        ...common,
        type,
        options: [
          { key: 'none', label: 'None', score: 0 },
          { key: 'some', label: 'Some', score: 0.5 },
          { key: 'all', label: 'All', score: 1 },
        ],
      };
    case 'number':
      return {
        ...common,
        type,
        unit: '%',
        bands: [
          { min: 0, score: 0 },
          { min: 50, score: 0.5 },
          { min: 90, score: 1 },
        ],
      };
    default:
      return { ...common, type, naAllowed: i % 5 === 0 };
  }
}

/** `sections` × `subsections` × `questions` questions. */
function framework(key: string, sections: number, subsections: number, questions: number) {
  let n = 0;
  return {
    format: 'tenantry.framework/1',
    key,
    name: `Benchmark framework ${key}`,
    summary: `${WORDS[key.length % WORDS.length]} controls`,
    sections: Array.from({ length: sections }, (_, s) => ({
      key: `K${s}`,
      title: `Area ${s}`,
      target: 0.7,
      sections: Array.from({ length: subsections }, (_, u) => ({
        key: `K${s}.S${u}`,
        title: `Topic ${s}.${u}`,
        questions: Array.from({ length: questions }, (_, q) =>
          question(`K${s}.S${u}-${String(q + 1).padStart(2, '0')}`, n++),
        ),
      })),
    })),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;

async function timed(fn: () => Promise<Response>, status: number): Promise<number> {
  const t0 = performance.now();
  const res = await fn();
  const ms = performance.now() - t0;
  if (res.status !== status) throw new Error(`${res.status} ${await res.text()}`);
  return ms;
}

/** A signed-in client of the in-process app (cookie and origin, as a browser sends them). */
type App = ReturnType<typeof createApp>['app'];
function client(app: App, cookie: string) {
  const request = (p: string, init: RequestInit = {}) =>
    Promise.resolve(
      app.request(p, {
        ...init,
        headers: {
          cookie,
          origin: PUBLIC_URL,
          'content-type': 'application/json',
          ...init.headers,
        },
      }),
    );
  return {
    get: (p: string) => request(p),
    post: (p: string, json: unknown) => request(p, { method: 'POST', body: JSON.stringify(json) }),
  };
}

async function main(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  const db = url ? 'PostgreSQL' : 'PGlite';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-content-'));
  let databaseUrl: string | undefined;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('drop database if exists tenantry_bench_content with (force)');
    await admin.query('create database tenantry_bench_content');
    await admin.end();
    const u = new URL(url);
    u.pathname = '/tenantry_bench_content';
    databaseUrl = u.toString();
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: 'false' }),
    databaseUrl,
  };
  const { app, auth } = createApp({ config, database });
  await seedDemoData(database.db, auth);
  try {
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookie = (signIn.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const owner = client(app, cookie);

    // 1) Import a 1,000-question framework (5 times, new keys), then publish it.
    const big = framework('big', 10, 10, 10);
    const bytes = JSON.stringify(big).length;
    const imports: number[] = [];
    const publishes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const doc = { ...big, key: `big-${i}` };
      let id = '';
      imports.push(
        await timed(async () => {
          const r = await owner.post('/api/v1/content/frameworks/import', {
            scope: 'private',
            document: doc,
          });
          id = ((await r.clone().json()) as { id: string }).id;
          return r;
        }, 201),
      );
      publishes.push(
        await timed(
          () =>
            owner.post(`/api/v1/content/frameworks/${id}/publish`, {
              revision: 1,
              releaseNotes: 'bench',
            }),
          200,
        ),
      );
    }
    console.log(
      `${db}: import of 1,000 questions (${(bytes / 1024).toFixed(0)} KB of JSON): median ${median(imports).toFixed(0)} ms (runs: ${imports.map((m) => m.toFixed(0)).join(', ')}); publish median ${median(publishes).toFixed(0)} ms`,
    );

    // 2) 100 published frameworks of 100 questions each, then search the library.
    for (let i = 0; i < 95; i++) {
      const r = await owner.post('/api/v1/content/frameworks/import', {
        scope: 'private',
        document: framework(`lib-${i}`, 2, 5, 10),
      });
      const { id } = (await r.json()) as { id: string };
      const p = await owner.post(`/api/v1/content/frameworks/${id}/publish`, {
        revision: 1,
        releaseNotes: 'bench',
      });
      if (p.status !== 200) throw new Error(await p.text());
    }
    const list = (await (await owner.get('/api/v1/library/frameworks?limit=1')).json()) as {
      total: number;
    };
    console.log(`${db}: ${list.total} published frameworks in the library`);
    for (const [label, q] of [
      ['key prefix "K1.S3"', 'K1.S3'],
      ['words "encryption backups"', 'encryption backups'],
      ['no query (first page)', ''],
    ] as const) {
      const path = `/api/v1/library/frameworks${q ? `?q=${encodeURIComponent(q)}` : ''}`;
      const times: number[] = [];
      for (let i = 0; i < 5; i++) await owner.get(path); // warm up
      for (let i = 0; i < 40; i++) times.push(await timed(() => owner.get(path), 200));
      console.log(
        `${db}: library search, ${label}: median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms`,
      );
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
