import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  AssessmentDetailSchema,
  ReportSchema,
  type AssessmentDetail,
  type Report,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema/index.ts';
import type { Jobs } from '../../lib/jobs/index.ts';
import { writeAnswer } from '../assessments/answers/write.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { publishPrivateFramework, WORKED_EXAMPLE_ANSWERS } from '../../test/frameworks.ts';
import {
  addTenant,
  assessed,
  ownerWithFramework,
  type AnswerBodies,
  type AssessedOptions,
} from '../../test/data.ts';
import { addEvidence } from '../../test/evidence-files.ts';
import { ok } from '../../test/http.ts';
import { addMember, errorCode, sharedUser, signUpPerson, type Person } from '../../test/people.ts';
import { MISSING_GLYPH, printable, reportFonts, woffToSfnt } from './reports.fonts.ts';
import { sampleAnswer, sampleFrameworkDocument } from './reports.sample.ts';
import { points } from './pdf/document.ts';
import { pruneReports } from './reports.worker.ts';
import { timeLimit } from '../../test/slowness.ts';

let t: TestApp;
let owner: Person;
let tenantId: string;
let frameworkId: string;

/** pdftotext (poppler-utils; .ci/run installs it) reads the text back; without it, skipped. */
const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;

beforeAll(async () => {
  t = await setupTestApp();
  ({ owner, tenantId, frameworkId } = await ownerWithFramework(t, {
    tenant: 'Acme Manufacturing',
  }));
  await ok(
    owner.client.request('/api/v1/account', {
      method: 'PATCH',
      json: { name: 'Northwind Advisory' },
    }),
  );
  const logo = await sharp({
    create: { width: 120, height: 40, channels: 3, background: '#1c7ed6' },
  })
    .png()
    .toBuffer();
  await ok(
    owner.client.request('/api/v1/account/logo', {
      method: 'PUT',
      body: new Uint8Array(logo),
      headers: { 'content-type': 'application/octet-stream' },
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

const assessmentsOf = (tid: string) => `/api/v1/tenants/${tid}/assessments`;
const reportsOf = (tid: string, aid: string) => `${assessmentsOf(tid)}/${aid}/reports`;
const reportPath = (tid: string, id: string) => `/api/v1/tenants/${tid}/reports/${id}`;

/** An assessment of the tenant (as the owner), named 'Annual review' and completed unless told. */
const assess = (answers: AnswerBodies, opts: Partial<AssessedOptions> = {}) =>
  assessed(answers, {
    client: owner.client,
    tenantId,
    frameworkId,
    name: 'Annual review',
    ...opts,
  });

async function requestReport(
  aid: string,
  client: TestClient = owner.client,
  tid = tenantId,
): Promise<Report> {
  return ReportSchema.parse(await ok(client.post(reportsOf(tid, aid), {}), 202));
}

async function download(id: string, client: TestClient = owner.client, tid = tenantId) {
  const res = await client.get(`${reportPath(tid, id)}/file`);
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  return { res, pdf: Buffer.from(await res.arrayBuffer()) };
}

/** REPORTS_TEST_OUT=dir keeps the PDFs the tests render, to look at them (docs/reports.md). */
function keep(name: string, pdf: Buffer) {
  const dir = process.env.REPORTS_TEST_OUT;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, name), pdf);
  }
}

/** The PDF's text, pages in order, layout kept (one line of the page per line). */
function pdfText(pdf: Buffer): string {
  const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
  expect(out.status, out.stderr.toString()).toBe(0);
  return out.stdout.toString('utf8');
}

/** Collapses the layout's runs of spaces and line breaks, so phrases read as in the document. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

const reportRows = (tid = tenantId) =>
  t.database.db
    .select({ id: reports.id, status: reports.status })
    .from(reports)
    .where(eq(reports.tenantId, tid));

describe('the report of an assessment', () => {
  let worked: AssessmentDetail;
  let report: Report;
  let text = '';

  it('is rendered in the background and downloaded as a PDF', async () => {
    const baseline = await assess(
      { Q1: { value: 'no' }, Q2: { value: 1 }, Q3: { value: 'First go' }, Q4: { value: 'low' } },
      { name: 'Baseline review' },
    );
    await ok(
      owner.client.request(`/api/v1/tenants/${tenantId}/baseline`, {
        method: 'PUT',
        json: { assessmentId: baseline.id },
      }),
    );
    worked = await assess({
      ...WORKED_EXAMPLE_ANSWERS,
      Q3: { value: 'Answered in prose', note: 'Checked with the IT lead on site.' },
    });
    expect(Math.round(worked.progress.score! * 100)).toBe(49);
    expect(worked.progress.gaps).toEqual(expect.arrayContaining(['Q2']));
    await ok(
      owner.client.post(`/api/v1/tenants/${tenantId}/tasks`, {
        source: { assessmentId: worked.id, questionKey: 'Q2' },
        title: 'Raise the maturity of change control',
        assigneeId: owner.uid,
        dueDate: '2030-01-31',
      }),
      201,
    );

    report = await requestReport(worked.id);
    expect(report).toMatchObject({
      tenantId,
      assessmentId: worked.id,
      fileName: 'Annual-review-report.pdf',
      createdBy: { id: owner.uid, name: 'Olivia Owner' },
    });
    const polled = ReportSchema.parse(await ok(owner.client.get(reportPath(tenantId, report.id))));
    expect(polled).toMatchObject({ status: 'done', progress: 1, error: null });
    expect(polled.bytes).toBeGreaterThan(1000);
    expect(polled.finishedAt).not.toBeNull();

    const { res, pdf } = await download(report.id);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="Annual-review-report.pdf"',
    );
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBe(polled.bytes);
    keep('worked-example.pdf', pdf);
    if (HAS_PDFTOTEXT) text = pdfText(pdf);
  });

  it('shows the cover, the summary, the chart, the gaps with their tasks and every answer', (ctx) => {
    if (!HAS_PDFTOTEXT) ctx.skip('pdftotext (poppler-utils) is not installed');
    const pages = text.split('\f').filter((p) => p.trim());
    const [cover, summary] = pages.map(flat);
    // Cover: account, assessment, tenant, framework and version, status.
    expect(cover).toContain('Northwind Advisory');
    expect(cover).toContain('ASSESSMENT REPORT');
    expect(cover).toContain('Annual review');
    expect(cover).toContain('for Acme Manufacturing');
    expect(cover).toContain('Worked example · version 1');
    expect(cover).toContain('Completed');
    // Executive summary: overall score, completion, gaps, the delta to the baseline.
    expect(summary).toContain('Executive summary');
    expect(summary).toContain('49 %');
    expect(summary).toContain('100 %');
    expect(summary).toContain('6 of 6 answered');
    expect(summary).toMatch(/The overall score is 49 %, with 6 of 6 questions answered/);
    expect(summary).toContain('Since baseline');
    expect(summary).toContain('“Baseline review”');
    // The chart's and the table's sections with their scores (55 % and 38 %) and the target.
    expect(summary).toContain('Section scores');
    expect(summary).toMatch(/Section A .*55 %/);
    expect(summary).toMatch(/Section B .*38 %/);
    expect(summary).toContain('80 %');
    const all = flat(text);
    expect(all).toContain('Gaps and remediation');
    expect(all).toContain('Raise the maturity of change control');
    expect(all).toMatch(/To do · Olivia Owner · due 31 Jan 2030/);
    // Every answer, readable, with N/A and the note, and who answered.
    expect(all).toContain('Answers');
    expect(all).toContain('2 – Repeatable');
    expect(all).toContain('Low');
    expect(all).toContain('15 days');
    expect(all).toContain('Not applicable');
    expect(all).toContain('Note: Checked with the IT lead on site.');
    expect(all).toMatch(/Answered by Olivia Owner · \d+ \w+ \d{4}, \d\d:\d\d UTC/);
    // Footer and page numbers on every page but the cover.
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.slice(1).forEach((p, i) => {
      expect(flat(p)).toContain(`Page ${i + 2} of ${pages.length}`);
      expect(flat(p)).toContain('Northwind Advisory · Acme Manufacturing · Annual review');
    });
  });

  it('says “no task yet” for a gap without one, and the baseline delta in points', async (ctx) => {
    expect(points(0.0512)).toBe('+5 pts');
    expect(points(-0.03)).toBe('−3 pts');
    expect(points(0)).toBe('±0 pts');
    const second = await assess(
      { ...WORKED_EXAMPLE_ANSWERS, Q1: { value: 'no' } },
      { name: 'Q3 review' },
    );
    expect(second.progress.gaps.length).toBeGreaterThan(0);
    const r = await requestReport(second.id);
    const { pdf } = await download(r.id);
    keep('worked-example-no-task.pdf', pdf);
    if (!HAS_PDFTOTEXT) ctx.skip('pdftotext (poppler-utils) is not installed');
    const all = flat(pdfText(pdf));
    expect(all).toContain('No task yet');
    expect(all).toContain('Since baseline');
    expect(all).toMatch(/the score moved [+−±]\d+ pts/);
  });

  it('of the baseline itself says it is the baseline, not “no baseline marked”', async (ctx) => {
    const marked = (await ok(owner.client.get(`/api/v1/tenants/${tenantId}/baseline`))) as {
      baseline: { id: string } | null;
    };
    const r = await requestReport(marked.baseline!.id);
    const { pdf } = await download(r.id);
    keep('baseline-itself.pdf', pdf);
    if (!HAS_PDFTOTEXT) ctx.skip('pdftotext (poppler-utils) is not installed');
    const all = flat(pdfText(pdf));
    expect(all).toContain('Since baseline');
    expect(all).toContain('this is the baseline');
    expect(all).toContain('This assessment is the client’s baseline');
    expect(all).not.toContain('no baseline marked');
  });

  it('marks an unfinished assessment’s score provisional, and compares like with like', async (ctx) => {
    // Only section A answered (100 %): the baseline's B has a score, this one's none.
    const partial = await assess(
      { Q1: { value: 'yes' }, Q2: { value: 5 } },
      { name: 'Half done', complete: false },
    );
    const r = await requestReport(partial.id);
    const { pdf } = await download(r.id);
    keep('provisional.pdf', pdf);
    if (!HAS_PDFTOTEXT) ctx.skip('pdftotext (poppler-utils) is not installed');
    const all = flat(pdfText(pdf));
    expect(all).toMatch(/100 % 33 % .*provisional \(so far\) 2 of 6 answered/);
    expect(all).toContain('1 section left out');
    expect(all).toMatch(
      /The overall score so far is 100 %, provisional: the assessment is not completed and 2 of 6 questions are answered/,
    );
    expect(all).toMatch(
      /over the sections both score, the score moved [+−±]\d+ pts; left out: Section B \(no score on the compared assessment\)/,
    );
  });

  it('is refused to another account (404) and changes nothing', async () => {
    const stranger = await signUpPerson(t, 'stranger');
    const before = await reportRows();
    for (const res of [
      await stranger.client.post(reportsOf(tenantId, worked.id), {}),
      await stranger.client.get(reportPath(tenantId, report.id)),
      await stranger.client.get(`${reportPath(tenantId, report.id)}/file`),
    ]) {
      expect(res.status).toBe(404);
      expect(['tenants.not_found', 'reports.not_found']).toContain(await errorCode(res));
    }
    // Their own tenant, the victim's ids: not found either.
    const theirs = await addTenant(t, stranger.tid, 'Theirs');
    for (const res of [
      await stranger.client.post(reportsOf(theirs, worked.id), {}),
      await stranger.client.get(reportPath(theirs, report.id)),
      await stranger.client.get(`${reportPath(theirs, report.id)}/file`),
    ]) {
      expect(res.status).toBe(404);
      expect(['assessments.not_found', 'reports.not_found']).toContain(await errorCode(res));
    }
    expect(await reportRows()).toEqual(before);
    expect(await reportRows(theirs)).toEqual([]);
    expect((await t.client().post(reportsOf(tenantId, worked.id), {})).status).toBe(401);
  });

  it('is made and downloaded by members and the tenant’s shared viewers and contributors', async () => {
    const member = await addMember(t, owner, 'member');
    const viewer = await sharedUser(t, owner, tenantId, 'viewer');
    const contributor = await sharedUser(t, owner, tenantId, 'contributor');
    for (const client of [member.client, viewer, contributor]) {
      const r = await requestReport(worked.id, client);
      expect(ReportSchema.parse(await ok(client.get(reportPath(tenantId, r.id)))).status).toBe(
        'done',
      );
      const { pdf } = await download(r.id, client);
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
      // And they read the owner's report too.
      await download(report.id, client);
    }
    // A viewer of another tenant of the account: not found.
    const elsewhere = await addTenant(t, owner.tid, 'Elsewhere');
    const outsider = await sharedUser(t, owner, elsewhere, 'viewer');
    const before = await reportRows();
    expect((await outsider.post(reportsOf(tenantId, worked.id), {})).status).toBe(404);
    expect((await outsider.get(`${reportPath(tenantId, report.id)}/file`)).status).toBe(404);
    expect(await reportRows()).toEqual(before);
  });

  it('answers 404 for an unknown assessment or report', async () => {
    const a = await owner.client.post(reportsOf(tenantId, randomUUID()), {});
    expect(a.status).toBe(404);
    expect(await errorCode(a)).toBe('assessments.not_found');
    for (const path of [
      reportPath(tenantId, randomUUID()),
      `${reportPath(tenantId, randomUUID())}/file`,
    ]) {
      const res = await owner.client.get(path);
      expect(res.status).toBe(404);
      expect(await errorCode(res)).toBe('reports.not_found');
    }
  });

  it('goes with its assessment when that is deleted', async () => {
    const gone = await assess(WORKED_EXAMPLE_ANSWERS, { complete: false, name: 'Scratch' });
    const r = await requestReport(gone.id);
    await ok(
      owner.client.request(`${assessmentsOf(tenantId)}/${gone.id}`, { method: 'DELETE' }),
      204,
    );
    expect((await owner.client.get(reportPath(tenantId, r.id))).status).toBe(404);
  });
});

describe('evidence behind the answers', () => {
  it('lists each linked file under its answer: name, dates, state and full SHA-256', async (ctx) => {
    const a = await assess({ Q1: { value: 'yes' }, Q2: { value: 2 } }, { name: 'Evidence review' });
    const base = { accountId: owner.tid, tenantId, userId: owner.uid };
    const policy = await addEvidence(t, {
      ...base,
      name: 'MFA policy.pdf',
      contentType: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.7 policy'),
      effectiveOn: '2026-01-15',
      expiresOn: '2099-12-31',
      links: { assessmentId: a.id, questionKeys: ['Q1', 'Q2'] },
    });
    const old = await addEvidence(t, {
      ...base,
      name: 'Pen test 2019.txt',
      bytes: new TextEncoder().encode('an old pen test'),
      effectiveOn: '2019-03-01',
      expiresOn: '2020-03-01',
      links: { assessmentId: a.id, questionKeys: ['Q2'] },
    });
    const report = await requestReport(a.id);
    const { pdf } = await download(report.id);
    keep('evidence.pdf', pdf);
    if (!HAS_PDFTOTEXT) ctx.skip('pdftotext (poppler-utils) is not installed');
    const answers = flat(pdfText(pdf).slice(pdfText(pdf).indexOf('Every question in scope')));
    expect(answers).toContain('MFA policy.pdf · effective 2026-01-15 · expires 2099-12-31');
    expect(answers).toContain(`SHA-256 ${policy.sha256}`);
    expect(answers).toContain(
      'Pen test 2019.txt · effective 2019-03-01 · expires 2020-03-01 (expired)',
    );
    expect(answers).toContain(`SHA-256 ${old.sha256}`);
    // The policy backs two answers: listed under each.
    expect(answers.split(`SHA-256 ${policy.sha256}`)).toHaveLength(3);
  });
});

describe('text anyone can type', () => {
  it('renders: Cyrillic, Greek and accents are printed, emoji dropped, CJK shown as □', async (ctx) => {
    const tid = await addTenant(t, owner.tid, 'ООО «Ромашка» Ωmega');
    const a = await assess(
      {
        ...WORKED_EXAMPLE_ANSWERS,
        Q3: { value: 'Ответ: всё готово ✅ — 完成 — café', note: '🚀 Запуск 👩‍💻 in Q3\u200b\u202e' },
      },
      { tenantId: tid, name: 'Аудит 2026 🚀 — Überprüfung 中文' },
    );
    const r = await requestReport(a.id, owner.client, tid);
    const done = ReportSchema.parse(await ok(owner.client.get(reportPath(tid, r.id))));
    expect(done.status).toBe('done');
    expect(done.fileName).toBe('2026-Uberprufung-report.pdf');
    const { pdf } = await download(r.id, owner.client, tid);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    keep('unicode.pdf', pdf);
    if (!HAS_PDFTOTEXT) ctx.skip('pdftotext (poppler-utils) is not installed');
    const all = flat(pdfText(pdf));
    expect(all).toContain('ООО «Ромашка» Ωmega');
    expect(all).toContain('Аудит 2026 — Überprüfung □□');
    expect(all).toContain('Ответ: всё готово — □□ — café');
    expect(all).toContain('Note: Запуск in Q3');
    expect(all).not.toContain('🚀');
  });

  it('printable(): what the font draws stays, emoji and invisible characters go, the rest is □', () => {
    expect(printable('Привет, Ωmega & café — “quotes” © ™ ✓')).toBe(
      'Привет, Ωmega & café — “quotes” © ™ ✓',
    );
    expect(printable('Go 🚀 now 👍🏽 🇩🇪 ok')).toBe('Go now ok');
    expect(printable('a\u200bb\u202ec\u00ad\u0007d\r\ne\tf')).toBe('abcd\ne f');
    expect(printable('中文')).toBe(`${MISSING_GLYPH}${MISSING_GLYPH}`);
    expect(printable('e\u0301')).toBe('é');
    expect(printable('\ud800 lone')).toBe(`${MISSING_GLYPH} lone`);
  });

  it('the WOFF font turns into the TrueType font it wraps', () => {
    expect(() =>
      woffToSfnt(Buffer.from('not a font at all, long enough to have a header')),
    ).toThrow('not a WOFF file');
    const { files, has } = reportFonts();
    for (const file of Object.values(files)) expect(file.readUInt32BE(0)).toBe(0x00010000);
    expect(has('Ж'.codePointAt(0)!)).toBe(true);
    expect(has('中'.codePointAt(0)!)).toBe(false);
  });
});

describe('while it renders', () => {
  /** A queue that keeps jobs until the test runs them. */
  function heldJobs(): Jobs & { run(): Promise<void> } {
    const workers = new Map<string, (data: unknown) => Promise<void>>();
    const held: Array<{ name: string; data: unknown }> = [];
    return {
      async start() {},
      async stop() {},
      async stopWorking() {},
      async send(name, data) {
        held.push({ name, data });
        return `held-${held.length}`;
      },
      async work(name, handler) {
        workers.set(name, handler as (data: unknown) => Promise<void>);
      },
      async run() {
        for (const job of held.splice(0)) await workers.get(job.name)!(job.data);
      },
    };
  }

  let slow: TestApp;
  let jobs: ReturnType<typeof heldJobs>;
  let client: TestClient;
  let assessment: AssessmentDetail;

  beforeAll(async () => {
    jobs = heldJobs();
    // A second app on the same database whose queue holds jobs back (as a busy worker would).
    slow = await setupTestApp({ database: t.database, jobs });
    client = slow.client();
    expect((await client.signIn(owner.email)).status).toBe(200);
    assessment = await assess(WORKED_EXAMPLE_ANSWERS, { name: 'Queued review' });
  });
  afterAll(async () => {
    await slow?.deps.live.close();
  });

  it('is queued, the file answers 409 until done, and the progress moves', async () => {
    const r = ReportSchema.parse(
      await ok(client.post(reportsOf(tenantId, assessment.id), {}), 202),
    );
    expect(r).toMatchObject({ status: 'queued', progress: 0, bytes: null, finishedAt: null });
    const early = await client.get(`${reportPath(tenantId, r.id)}/file`);
    expect(early.status).toBe(409);
    const body = (await early.json()) as { error: { code: string; details: unknown } };
    expect(body.error).toMatchObject({
      code: 'reports.not_ready',
      details: { status: 'queued', progress: 0 },
    });

    // Poll while the job runs: the row is read as it is being written.
    const seen: Report[] = [];
    let running = true;
    const poll = (async () => {
      while (running) {
        seen.push(ReportSchema.parse(await ok(client.get(reportPath(tenantId, r.id)))));
        await new Promise((resolve) => setTimeout(resolve, 2)); // as a browser waits between polls
      }
    })();
    await jobs.run();
    running = false;
    await poll;
    const during = seen.filter((s) => s.status === 'running');
    expect(during.length).toBeGreaterThan(0);
    expect(during.some((s) => s.progress > 0 && s.progress < 1)).toBe(true);
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(ReportSchema.parse(await ok(client.get(reportPath(tenantId, r.id)))).status).toBe(
      'done',
    );
    expect((await client.get(`${reportPath(tenantId, r.id)}/file`)).status).toBe(200);
  });

  it('keeps at most three reports of a tenant on their way (429 with Retry-After)', async () => {
    const tid = await addTenant(t, owner.tid, 'Busy client');
    const a = await assess(WORKED_EXAMPLE_ANSWERS, { tenantId: tid, complete: false });
    for (let i = 0; i < 3; i++) await ok(client.post(reportsOf(tid, a.id), {}), 202);
    const refused = await client.post(reportsOf(tid, a.id), {});
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await errorCode(refused)).toBe('reports.too_many');
    expect(await reportRows(tid)).toHaveLength(3);
    // Another tenant is not held up by this one.
    await ok(client.post(reportsOf(tenantId, assessment.id), {}), 202);
    await jobs.run();
    expect((await reportRows(tid)).map((x) => x.status)).toEqual(['done', 'done', 'done']);
    await ok(client.post(reportsOf(tid, a.id), {}), 202);
    await jobs.run();
  });

  it('a report stuck on its way counts as failed; old reports are pruned', async () => {
    const { db } = t.database;
    const tid = await addTenant(t, owner.tid, 'Stuck client');
    const a = await assess(WORKED_EXAMPLE_ANSWERS, { tenantId: tid, complete: false });
    const row = (minutesAgo: number, status: 'queued' | 'done' | 'failed' = 'queued') => ({
      id: randomUUID(),
      accountId: owner.tid,
      tenantId: tid,
      assessmentId: a.id,
      fileName: 'x.pdf',
      status,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    const stuck = row(20);
    const old = row(8 * 24 * 60, 'done');
    const failed = row(1, 'failed');
    await db.insert(reports).values([stuck, old, failed, row(30), row(40)]);
    // Stuck ones neither block new reports nor download.
    const shown = ReportSchema.parse(await ok(client.get(reportPath(tid, stuck.id))));
    expect(shown).toMatchObject({ status: 'failed', error: expect.stringContaining('too long') });
    const file = await client.get(`${reportPath(tid, stuck.id)}/file`);
    expect(file.status).toBe(409);
    expect(await errorCode(file)).toBe('reports.failed');
    const failedFile = await client.get(`${reportPath(tid, failed.id)}/file`);
    expect(await errorCode(failedFile)).toBe('reports.failed');
    await ok(client.post(reportsOf(tid, a.id), {}), 202);
    await jobs.run();
    expect(await pruneReports(db)).toBe(0); // the job pruned already
    const left = await db
      .select({ id: reports.id, status: reports.status })
      .from(reports)
      .where(and(eq(reports.tenantId, tid)));
    expect(left.find((x) => x.id === old.id)).toBeUndefined();
    expect(left.find((x) => x.id === stuck.id)?.status).toBe('failed');
  });
});

describe('a 300-question assessment', () => {
  it('renders in under 5 s', async (ctx) => {
    const fw = await publishPrivateFramework(owner.client, sampleFrameworkDocument(300));
    const tid = await addTenant(t, owner.tid, 'Large client');
    const a = AssessmentDetailSchema.parse(
      await ok(
        owner.client.post(assessmentsOf(tid), { frameworkId: fw, version: 1, name: 'Full review' }),
        201,
      ),
    );
    const ref = { accountId: owner.tid, tenantId: tid, assessmentId: a.id };
    const writer = { source: 'member' as const, userId: owner.uid, name: 'Olivia Owner' };
    for (let i = 0; i < 300; i++) {
      await writeAnswer(
        t.database.db,
        ref,
        writer,
        `Q${String(i + 1).padStart(3, '0')}`,
        sampleAnswer(i) as never,
      );
    }
    await ok(owner.client.post(`/api/v1/tenants/${tid}/assessments/${a.id}/gap-tasks`, {}), 201);

    const started = performance.now();
    const r = await requestReport(a.id, owner.client, tid);
    const ms = performance.now() - started;
    console.info(`300-question report: ${Math.round(ms)} ms, ${r.bytes} bytes`);
    expect(r.status).toBe('done');
    expect(ms).toBeLessThan(timeLimit(5000));
    const { pdf } = await download(r.id, owner.client, tid);
    keep('300-questions.pdf', pdf);
    if (!HAS_PDFTOTEXT) ctx.skip('pdftotext (poppler-utils) is not installed');
    const all = flat(pdfText(pdf));
    expect(all).toContain('Q300');
    expect(all).toContain('Full review');
  }, 60_000);
});
