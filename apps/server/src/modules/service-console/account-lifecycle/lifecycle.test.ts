import { createHash, randomUUID } from 'node:crypto';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  AccountDeletionSchema,
  AccountExportListSchema,
  AccountExportSchema,
  type AccountExport,
} from '@tenantry/shared';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  accountDeletions,
  accountExports,
  accounts,
  apiKeys,
  assessmentAnswers,
  assessments,
  auditLog,
  blobChunks,
  liveEvents,
  media,
  memberships,
  rateLimits,
  reports,
  respondents,
  supportTickets,
  tenants,
  users,
  webhookEndpoints,
} from '../../../db/schema/index.ts';
import { createLogger } from '../../../lib/logger.ts';
import { setupTestApp, type TestApp } from '../../../test/app.ts';
import { assessed, ownerWithFramework } from '../../../test/data.ts';
import { expectStatus, ok } from '../../../test/http.ts';
import {
  addMember,
  errorCode,
  makeSystemAdmin,
  type Person,
  signUpPerson,
} from '../../../test/people.ts';
import { runDueDeletions } from './deletion.service.ts';
import { pruneAccountExports, runAccountExport } from './exports.service.ts';

const DAY = 86_400_000;
const logger = createLogger('silent');
const base = (accountId: string) => `/api/v1/service/accounts/${accountId}`;

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'sysadmin');
  await makeSystemAdmin(t, admin);
});
afterAll(async () => {
  await t?.close();
});

interface World {
  owner: Person;
  member: Person;
  tenantId: string;
  assessmentId: string;
  logoId: string;
  reportId: string;
  apiKeyId: string;
}

/** An account with something of every kind: members, answers, secrets, an image, a report. */
async function world(): Promise<World> {
  const { db } = t.database;
  const { owner, tenantId, frameworkId } = await ownerWithFramework(t);
  const member = await addMember(t, owner, 'member');
  await expectStatus(
    await owner.client.post('/api/v1/invitations', {
      email: `pending-${randomUUID()}@example.com`,
      role: 'admin',
    }),
    201,
  );
  const a = await assessed(
    { Q1: { value: 'yes', note: 'Signed policy' }, Q2: { value: 2 } },
    { client: owner.client, tenantId, frameworkId, complete: false },
  );
  await db.insert(respondents).values({
    id: randomUUID(),
    accountId: owner.tid,
    tenantId,
    assessmentId: a.id,
    name: 'Rita Respondent',
    email: 'rita@example.com',
    tokenHash: `respondent-token-hash-${randomUUID()}`,
    expiresAt: new Date(Date.now() + DAY),
  });
  const apiKeyId = randomUUID();
  await db.insert(apiKeys).values({
    id: apiKeyId,
    accountId: owner.tid,
    name: 'CI',
    prefix: 'tnt_abc',
    secretHash: `api-key-secret-hash-${randomUUID()}`,
    scopes: ['assessments:read'],
  });
  await db.insert(webhookEndpoints).values({
    id: randomUUID(),
    accountId: owner.tid,
    url: 'https://hooks.example.com/x',
    events: ['assessment.completed'],
    secret: 'whsec_do-not-export',
    previousSecret: 'whsec_old-do-not-export',
  });
  await db.insert(supportTickets).values({
    id: randomUUID(),
    accountId: owner.tid,
    subject: 'Help',
    category: 'question',
  });
  const logoId = randomUUID();
  const logo = Buffer.from('RIFF....WEBPVP8 fake logo bytes');
  await db.insert(media).values({
    id: logoId,
    accountId: owner.tid,
    purpose: 'account_logo',
    contentType: 'image/webp',
    data: logo,
    bytes: logo.length,
  });
  const reportId = randomUUID();
  const pdf = Buffer.from('%PDF-1.4 a stored report');
  await db.insert(reports).values({
    id: reportId,
    accountId: owner.tid,
    tenantId,
    assessmentId: a.id,
    status: 'done',
    progress: 1,
    fileName: 'Review-report.pdf',
    data: pdf,
    bytes: pdf.length,
  });
  return { owner, member, tenantId, assessmentId: a.id, logoId, reportId, apiKeyId };
}

async function requestExport(accountId: string, status = 202): Promise<AccountExport> {
  return AccountExportSchema.parse(
    await ok(admin.client.post(`${base(accountId)}/exports`, {}), status),
  );
}

async function download(accountId: string, exportId: string): Promise<Response> {
  return admin.client.get(`${base(accountId)}/exports/${exportId}/download`);
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const countOf = async (table: PgTable, where: ReturnType<typeof eq>) =>
  Number((await t.database.db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0);

interface Manifest {
  schemaVersion: number;
  account: { id: string; name: string };
  counts: Record<string, number>;
  files: Array<{ path: string; bytes: number; sha256: string }>;
}

describe('exporting an account', () => {
  let w: World;
  let done: AccountExport;
  let files: Record<string, Uint8Array>;
  beforeAll(async () => {
    w = await world();
    done = await requestExport(w.owner.tid);
    const res = await download(w.owner.tid, done.id);
    await expectStatus(res, 200);
    files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  });

  it('is made by the job, listed with its progress, and audited in the account’s log', async () => {
    // The test queue runs the job within the request: it is done when the answer comes.
    expect(done.status).toBe('done');
    expect(done.progress.total).toBeGreaterThan(10);
    expect(done.progress.done).toBe(done.progress.total);
    expect(done.requestedBy?.email).toBe(admin.email);
    expect(Date.parse(done.expiresAt) - Date.parse(done.createdAt)).toBe(7 * DAY);
    const list = AccountExportListSchema.parse(
      await ok(admin.client.get(`${base(w.owner.tid)}/exports`)),
    );
    expect(list.items.map((e) => e.id)).toEqual([done.id]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.accountId, w.owner.tid),
          eq(auditLog.action, 'service.account_export_requested'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorEmail).toBe(admin.email);
    expect(audit[0]?.targetId).toBe(done.id);
  });

  it('downloads as an attachment, not cached, its bytes matching the recorded hash', async () => {
    const res = await download(w.owner.tid, done.id);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.zip"$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(done.bytes);
    expect(sha256(bytes)).toBe(done.sha256);
  });

  it('holds a JSON file per entity, the media and the reports, as the manifest counts and hashes them', async () => {
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as Manifest;
    expect(manifest.schemaVersion).toBe(1);
    expect(manifest.account.id).toBe(w.owner.tid);
    for (const f of manifest.files) {
      expect(files[f.path], f.path).toBeDefined();
      expect(sha256(files[f.path]!), f.path).toBe(f.sha256);
      expect(files[f.path]!.length).toBe(f.bytes);
    }
    expect(Object.keys(files).sort()).toEqual(
      [...manifest.files.map((f) => f.path), 'manifest.json'].sort(),
    );
    const json = (name: string) => JSON.parse(new TextDecoder().decode(files[`${name}.json`]));
    const members = json('members') as Array<{ email: string; role: string }>;
    expect(members.map((m) => [m.email, m.role]).sort()).toEqual(
      [
        [w.owner.email, 'owner'],
        [w.member.email, 'member'],
      ].sort(),
    );
    expect(json('account').id).toBe(w.owner.tid);
    expect(json('tenants')).toHaveLength(1);
    expect(json('invitations')).toHaveLength(2); // the member's (accepted) and a pending one
    expect(json('assessments')).toHaveLength(1);
    expect(json('answers')).toHaveLength(2);
    expect(json('respondents')).toHaveLength(1);
    expect(json('api_keys')).toHaveLength(1);
    expect(json('webhooks')).toHaveLength(1);
    expect(json('support_tickets')).toHaveLength(1);
    expect(json('subscription')).toBeNull();
    expect(manifest.counts).toMatchObject({
      members: 2,
      answers: 2,
      respondents: 1,
      media: 1,
      media_files: 1,
      reports: 1,
      report_files: 1,
    });
    expect(manifest.counts.audit_log).toBe(json('audit_log').length);
    for (const [entity, n] of Object.entries(manifest.counts)) {
      if (entity.endsWith('_files') || ['account', 'subscription'].includes(entity)) continue;
      expect(json(entity), entity).toHaveLength(n);
    }
    const [logo] = await t.database.db.select().from(media).where(eq(media.id, w.logoId));
    expect(Buffer.from(files[`media/${w.logoId}.webp`]!).equals(logo!.data)).toBe(true);
    expect(new TextDecoder().decode(files[`reports/${w.reportId}.pdf`])).toBe(
      '%PDF-1.4 a stored report',
    );
  });

  it('leaves every secret out', () => {
    const all = Object.entries(files)
      .filter(([p]) => p.endsWith('.json'))
      .map(([, b]) => new TextDecoder().decode(b))
      .join('\n');
    for (const secret of [
      'tokenHash',
      'secretHash',
      'whsec_',
      'respondent-token-hash',
      'api-key-secret-hash',
      '"secret"',
      'previousSecret"',
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it('reads every table by small keyset pages, never a whole table, with the same result', async () => {
    const { db } = t.database;
    const id = randomUUID();
    await db.insert(accountExports).values({
      id,
      accountId: w.owner.tid,
      fileName: 'paged.zip',
      expiresAt: new Date(Date.now() + DAY),
    });
    const pages: Array<[string, number]> = [];
    await runAccountExport(
      db,
      t.deps.blobs,
      logger,
      { exportId: id, accountId: w.owner.tid },
      {
        pageSize: 1,
        onPage: (entity, rows) => pages.push([entity, rows]),
      },
    );
    expect(pages.every(([, n]) => n <= 1)).toBe(true);
    // Two answers of one assessment: two pages of one row, and an empty one.
    expect(pages.filter(([e]) => e === 'answers')).toEqual([
      ['answers', 1],
      ['answers', 1],
      ['answers', 0],
    ]);
    const res = await download(w.owner.tid, id);
    const paged = unzipSync(new Uint8Array(await res.arrayBuffer()));
    for (const name of ['members.json', 'answers.json', 'audit_log.json', 'invitations.json']) {
      expect(new TextDecoder().decode(paged[name]), name).toBe(
        new TextDecoder().decode(files[name]),
      );
    }
  });
});

describe('asking again, and refusals', () => {
  it('answers the export already on its way instead of a second one; a stale one is replaced', async () => {
    const owner = await signUpPerson(t, 'busy');
    const { db } = t.database;
    const running = randomUUID();
    await db.insert(accountExports).values({
      id: running,
      accountId: owner.tid,
      status: 'running',
      fileName: 'x.zip',
      expiresAt: new Date(Date.now() + DAY),
    });
    const again = await requestExport(owner.tid, 200);
    expect(again.id).toBe(running);
    expect(again.status).toBe('running');
    await db
      .update(accountExports)
      .set({ createdAt: new Date(Date.now() - 3 * 3_600_000) })
      .where(eq(accountExports.id, running));
    const fresh = await requestExport(owner.tid, 202);
    expect(fresh.id).not.toBe(running);
    const [old] = await db.select().from(accountExports).where(eq(accountExports.id, running));
    expect(old?.status).toBe('failed');
  });

  it('another account’s export is not found; an unknown account 404; not ready 409', async () => {
    const a = await signUpPerson(t, 'a');
    const b = await signUpPerson(t, 'b');
    const ofB = await requestExport(b.tid);
    const res = await download(a.tid, ofB.id);
    expect(res.status).toBe(404);
    expect(await errorCode(res)).toBe('account_exports.not_found');
    expect((await admin.client.get(`${base(randomUUID())}/exports`)).status).toBe(404);
    expect((await admin.client.post(`${base(randomUUID())}/exports`, {})).status).toBe(404);
    await t.database.db
      .update(accountExports)
      .set({ status: 'queued' })
      .where(eq(accountExports.id, ofB.id));
    const notReady = await download(b.tid, ofB.id);
    expect(notReady.status).toBe(409);
    expect(await errorCode(notReady)).toBe('account_exports.not_ready');
  });

  it('refuses everyone but system admins, and changes nothing', async () => {
    const owner = await signUpPerson(t, 'self');
    for (const [method, path] of [
      ['POST', 'exports'],
      ['GET', 'exports'],
      ['GET', 'deletion'],
      ['POST', 'deletion'],
      ['DELETE', 'deletion'],
    ] as const) {
      const url = `${base(owner.tid)}/${path}`;
      const json = method === 'POST' ? { reason: 'x' } : undefined;
      expect((await owner.client.request(url, { method, json })).status).toBe(403);
      expect((await t.client().request(url, { method, json })).status).toBe(401);
    }
    expect(await countOf(accountExports, eq(accountExports.accountId, owner.tid))).toBe(0);
    expect(await countOf(accountDeletions, eq(accountDeletions.accountId, owner.tid))).toBe(0);
  });

  it('removes expired exports with their files', async () => {
    const owner = await signUpPerson(t, 'prune');
    const e = await requestExport(owner.tid);
    const key = `account-exports/${e.id}/%`;
    expect(await countOf(blobChunks, like(blobChunks.blobKey, key))).toBeGreaterThan(0);
    // Other tests' exports go too (the prune is for every account): count this one's rows.
    await pruneAccountExports(t.database.db, t.deps.blobs, new Date(Date.now() + 6 * DAY));
    expect(await countOf(accountExports, eq(accountExports.id, e.id))).toBe(1);
    expect(
      await pruneAccountExports(t.database.db, t.deps.blobs, new Date(Date.now() + 8 * DAY)),
    ).toBeGreaterThan(0);
    expect(await countOf(accountExports, eq(accountExports.id, e.id))).toBe(0);
    expect(await countOf(blobChunks, like(blobChunks.blobKey, key))).toBe(0);
  });
});

async function accountRow(id: string) {
  const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, id));
  return row ?? null;
}

const schedule = (accountId: string, reason = 'Customer asked to close the account') =>
  admin.client.post(`${base(accountId)}/deletion`, { reason });

describe('deleting an account', () => {
  it('is refused without a recent export, saying to export first', async () => {
    const owner = await signUpPerson(t, 'noexport');
    const before = AccountDeletionSchema.parse(
      await ok(admin.client.get(`${base(owner.tid)}/deletion`)),
    );
    expect(before.canSchedule).toBe(false);
    expect(before.blockedReason).toMatch(/^Export the account first/);
    const res = await schedule(owner.tid);
    expect(res.status).toBe(409);
    expect(await errorCode(res)).toBe('account_deletion.export_required');
    // An export older than seven days does not count either.
    const e = await requestExport(owner.tid);
    await t.database.db
      .update(accountExports)
      .set({ createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(accountExports.id, e.id));
    expect((await schedule(owner.tid)).status).toBe(409);
    expect((await accountRow(owner.tid))?.suspendedAt).toBeNull();
    const bad = await admin.client.post(`${base(owner.tid)}/deletion`, { reason: '  ' });
    expect(bad.status).toBe(400);
  });

  it('is scheduled after the grace period: suspended meanwhile, owners e-mailed, audited; then canceled', async () => {
    const owner = await signUpPerson(t, 'leaving');
    await requestExport(owner.tid);
    const scheduled = AccountDeletionSchema.parse(await ok(schedule(owner.tid)));
    const after = Date.parse(scheduled.scheduled!.deleteAfter);
    expect(after - Date.parse(scheduled.scheduled!.scheduledAt)).toBe(
      ACCOUNT_DELETION_GRACE_DAYS * DAY,
    );
    expect(scheduled.canSchedule).toBe(false);
    const day = new Date(after).toISOString().slice(0, 10);
    const row = await accountRow(owner.tid);
    expect(row?.suspendedReason).toBe(`Scheduled for deletion on ${day}`);
    expect(row?.suspendedAt).not.toBeNull();
    // The owner can read but no longer write.
    const write = await owner.client.request('/api/v1/account', {
      method: 'PATCH',
      json: { name: 'Renamed' },
    });
    expect(write.status).toBe(423);
    const [mail] = await t.mailTo(owner.email);
    expect(mail?.subject).toContain(`will be deleted on ${day}`);
    const again = await schedule(owner.tid);
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('account_deletion.already_scheduled');

    const canceled = AccountDeletionSchema.parse(
      await ok(admin.client.request(`${base(owner.tid)}/deletion`, { method: 'DELETE' })),
    );
    expect(canceled.scheduled).toBeNull();
    expect(canceled.canSchedule).toBe(true);
    expect((await accountRow(owner.tid))?.suspendedAt).toBeNull();
    const twice = await admin.client.request(`${base(owner.tid)}/deletion`, { method: 'DELETE' });
    expect(twice.status).toBe(409);
    expect(await errorCode(twice)).toBe('account_deletion.not_scheduled');
    const actions = (
      await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.accountId, owner.tid), like(auditLog.action, 'service.%')))
    ).map((r) => r.action);
    expect(actions.sort()).toEqual(
      [
        'service.account_deletion_canceled',
        'service.account_deletion_scheduled',
        'service.account_export_requested',
      ].sort(),
    );
  });

  it('keeps an earlier suspension when canceled', async () => {
    const owner = await signUpPerson(t, 'suspended');
    const since = new Date(Date.now() - DAY);
    await t.database.db
      .update(accounts)
      .set({ suspendedAt: since, suspendedReason: 'Unpaid invoices' })
      .where(eq(accounts.id, owner.tid));
    await requestExport(owner.tid);
    await ok(schedule(owner.tid));
    expect((await accountRow(owner.tid))?.suspendedReason).toMatch(/^Scheduled for deletion/);
    await ok(admin.client.request(`${base(owner.tid)}/deletion`, { method: 'DELETE' }));
    const row = await accountRow(owner.tid);
    expect(row?.suspendedReason).toBe('Unpaid invoices');
    expect(row?.suspendedAt?.getTime()).toBe(since.getTime());
  });

  it('is carried out by the job once the grace has passed, leaving other accounts and the users', async () => {
    const { db } = t.database;
    const doomed = await world();
    const other = await world();
    const e = await requestExport(doomed.owner.tid);
    await ok(schedule(doomed.owner.tid));
    // What the cascade does not reach.
    await db.insert(liveEvents).values({
      accountId: doomed.owner.tid,
      tenantId: doomed.tenantId,
      assessmentId: doomed.assessmentId,
      kind: 'answer',
    });
    await db.insert(rateLimits).values({
      id: randomUUID(),
      key: `api-key:${doomed.apiKeyId}`,
      count: 1,
      lastRequest: Date.now(),
    });
    await db
      .update(users)
      .set({ activeAccountId: doomed.owner.tid })
      .where(eq(users.id, doomed.member.uid));
    const otherCounts = async () => ({
      answers: await countOf(assessmentAnswers, eq(assessmentAnswers.accountId, other.owner.tid)),
      assessments: await countOf(assessments, eq(assessments.accountId, other.owner.tid)),
      tenants: await countOf(tenants, eq(tenants.accountId, other.owner.tid)),
      members: await countOf(memberships, eq(memberships.accountId, other.owner.tid)),
      media: await countOf(media, eq(media.accountId, other.owner.tid)),
      audit: await countOf(auditLog, eq(auditLog.accountId, other.owner.tid)),
    });
    const before = await otherCounts();

    expect(await runDueDeletions(db, t.deps.blobs, logger, new Date(Date.now() + 13 * DAY))).toBe(
      0,
    );
    expect(await accountRow(doomed.owner.tid)).not.toBeNull();
    expect(await runDueDeletions(db, t.deps.blobs, logger, new Date(Date.now() + 15 * DAY))).toBe(
      1,
    );

    expect(await accountRow(doomed.owner.tid)).toBeNull();
    const id = doomed.owner.tid;
    expect(await countOf(tenants, eq(tenants.accountId, id))).toBe(0);
    expect(await countOf(assessmentAnswers, eq(assessmentAnswers.accountId, id))).toBe(0);
    expect(await countOf(media, eq(media.accountId, id))).toBe(0);
    expect(await countOf(reports, eq(reports.accountId, id))).toBe(0);
    // Its audit entries stay (the hash chain keeps every entry), still naming the account.
    const kept = await countOf(auditLog, eq(auditLog.accountId, id));
    expect(kept).toBeGreaterThan(0);
    expect(await countOf(liveEvents, eq(liveEvents.accountId, id))).toBe(0);
    expect(await countOf(rateLimits, eq(rateLimits.key, `api-key:${doomed.apiKeyId}`))).toBe(0);
    expect(await countOf(blobChunks, like(blobChunks.blobKey, `account-exports/${e.id}/%`))).toBe(
      0,
    );
    // The people keep their user rows (the member's only account is gone).
    const people = await db
      .select({ id: users.id, active: users.activeAccountId })
      .from(users)
      .where(sql`${users.id} in (${doomed.owner.uid}, ${doomed.member.uid})`);
    expect(people).toHaveLength(2);
    expect(people.every((p) => p.active === null)).toBe(true);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'service.account_deleted'), eq(auditLog.targetId, id)));
    expect(entry?.accountId).toBeNull();
    expect(entry?.data).toMatchObject({
      accountId: id,
      accountName: expect.any(String),
      auditEntriesKept: kept,
    });
    expect(await otherCounts()).toEqual(before);
    expect(await accountRow(other.owner.tid)).not.toBeNull();
  });
});
