/**
 * PDF report benchmark, in process (the HTTP app through `app.request`, no network), on the
 * demo data (docs/reports.md):
 *
 * 1. a 300-question assessment (the generated sample framework of modules/reports, every
 *    question type, a third of the answers with a note, a task on every gap): the whole job
 *    (`POST …/reports` with a queue that runs the job at once: read, draw, store) and the
 *    drawing alone, `rounds` times each — the bar is under 5 s;
 * 2. a report of each demo tenant's assessments (NIST CSF 2.0 and the others shipped).
 *
 *   npx tsx bench/reports.ts [--rounds 5] [--out DIR]      # --out keeps the PDFs to look at
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/reports.ts
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Report } from '@tenantry/shared';
import pg from 'pg';
import { createApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import type { Jobs } from '../apps/server/src/lib/jobs/index.ts';
import { loadLibrary } from '../apps/server/src/modules/content/library.seed.ts';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  seedDemoData,
} from '../apps/server/src/modules/demo/demo.service.ts';
import {
  sampleAnswer,
  sampleFrameworkDocument,
} from '../apps/server/src/modules/reports/reports.sample.ts';
import { loadReportData } from '../apps/server/src/modules/reports/reports.data.ts';
import { renderReportPdf } from '../apps/server/src/modules/reports/pdf/render.ts';
import { registerReports } from '../apps/server/src/modules/reports/reports.worker.ts';

const PUBLIC_URL = 'http://localhost:3000';
const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '5' }, out: { type: 'string' } },
});
const rounds = Number(args.rounds);

/** A queue whose send() runs the job at once (as the tests' queue does). */
function inlineJobs(): Jobs {
  const workers = new Map<string, (data: unknown) => Promise<void>>();
  return {
    async start() {},
    async stop() {},
    async stopWorking() {},
    async send(name, data) {
      await workers.get(name)!(data);
      return 'inline';
    },
    async work(name, handler) {
      workers.set(name, handler as (data: unknown) => Promise<void>);
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const url = process.env.TEST_DATABASE_URL;
  const label = url ? 'postgres' : 'pglite';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tenantry-bench-reports-'));
  let databaseUrl: string | undefined;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('drop database if exists tenantry_bench_reports with (force)');
    await admin.query('create database tenantry_bench_reports');
    await admin.end();
    const u = new URL(url);
    u.pathname = '/tenantry_bench_reports';
    databaseUrl = u.toString();
  }
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, PUBLIC_URL, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: 'false' }),
    databaseUrl,
  };
  const jobs = inlineJobs();
  const { app, auth, deps } = createApp({ config, database, jobs });
  await registerReports({ db: database.db, jobs, logger: deps.logger });
  await loadLibrary(database.db);
  await seedDemoData(database.db, auth);
  const out = args.out;
  if (out) mkdirSync(out, { recursive: true });
  try {
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const cookie = (signIn.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const call = async <T>(pathname: string, method = 'GET', json?: unknown): Promise<T> => {
      const res = await app.request(pathname, {
        method,
        headers: {
          cookie,
          origin: PUBLIC_URL,
          ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
      if (!res.ok) throw new Error(`${method} ${pathname}: ${res.status} ${await res.text()}`);
      return (
        res.headers.get('content-type')?.includes('json')
          ? await res.json()
          : Buffer.from(await res.arrayBuffer())
      ) as T;
    };
    const me = await call<{ tid: string; uid: string }>('/api/v1/me');
    const { tenants } = await call<{ tenants: Array<{ id: string; name: string }> }>(
      '/api/v1/tenants?limit=25',
    );
    const tenant = tenants[0]!;

    // 1) 300 questions.
    const imported = await call<{ id: string }>('/api/v1/content/frameworks/import', 'POST', {
      scope: 'private',
      document: sampleFrameworkDocument(300, 'bench-300'),
    });
    await call(`/api/v1/content/frameworks/${imported.id}/publish`, 'POST', {
      revision: 1,
      releaseNotes: 'bench',
    });
    const base = `/api/v1/tenants/${tenant.id}/assessments`;
    const a = await call<{ id: string }>(base, 'POST', {
      frameworkId: imported.id,
      version: 1,
      name: 'Full review (300 questions)',
    });
    for (let i = 0; i < 300; i++) {
      const key = `Q${String(i + 1).padStart(3, '0')}`;
      await call(`${base}/${a.id}/answers/${key}`, 'PUT', sampleAnswer(i));
    }
    await call(`${base}/${a.id}/gap-tasks`, 'POST', {});
    const whole: number[] = [];
    const drawing: number[] = [];
    let pdf: Buffer = Buffer.alloc(0);
    let pages = 0;
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      const report = await call<Report>(`${base}/${a.id}/reports`, 'POST');
      whole.push(performance.now() - t0);
      if (report.status !== 'done') throw new Error(`report ${report.status}: ${report.error}`);
      pdf = await call<Buffer>(`/api/v1/tenants/${tenant.id}/reports/${report.id}/file`);
      const data = await loadReportData(
        database.db,
        { accountId: me.tid, tenantId: tenant.id },
        a.id,
      );
      const t1 = performance.now();
      await renderReportPdf(data);
      drawing.push(performance.now() - t1);
      pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    }
    if (out) writeFileSync(path.join(out, '300-questions.pdf'), pdf);
    const fmt = (xs: number[]) =>
      `median ${median(xs).toFixed(0)} ms (runs: ${xs.map((x) => x.toFixed(0)).join(', ')})`;
    console.log(
      `${label}: 300-question report, ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KB — whole job ${fmt(whole)}; drawing alone ${fmt(drawing)}`,
    );

    // 2) The demo tenants' assessments.
    for (const t of tenants) {
      const list = await call<{ items: Array<{ id: string; name: string; total: number }> }>(
        `/api/v1/tenants/${t.id}/assessments`,
      );
      for (const x of list.items) {
        const t0 = performance.now();
        const report = await call<Report>(
          `/api/v1/tenants/${t.id}/assessments/${x.id}/reports`,
          'POST',
        );
        const ms = performance.now() - t0;
        const file = await call<Buffer>(`/api/v1/tenants/${t.id}/reports/${report.id}/file`);
        if (out)
          writeFileSync(
            path.join(out, report.fileName.replace('.pdf', `-${x.id.slice(0, 4)}.pdf`)),
            file,
          );
        console.log(
          `${label}: ${t.name} — ${x.name} (${x.total} questions): ${ms.toFixed(0)} ms, ${(file.length / 1024).toFixed(0)} KB`,
        );
      }
    }
  } finally {
    await deps.live.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
