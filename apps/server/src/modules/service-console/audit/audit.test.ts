import { randomUUID } from 'node:crypto';
import {
  AuditVerificationSchema,
  AuditVerificationStatusSchema,
  ServiceAuditPageSchema,
  type ServiceAuditPage,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, auditVerifications } from '../../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../../test/app.ts';
import { expectStatus, ok } from '../../../test/http.ts';
import { errorCode, makeSystemAdmin, type Person, signUpPerson } from '../../../test/people.ts';
import { recordAudit, recordSystemAudit } from '../../audit/audit.service.ts';
import { sealAuditChain } from './audit-chain.ts';
import { exportChunks, exportEntries } from './audit.service.ts';

const LIST = '/api/v1/service/audit';

let t: TestApp;
let admin: Person;
let owner: Person;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'audit-admin');
  await makeSystemAdmin(t, admin);
  owner = await signUpPerson(t, 'audit-owner');
});
afterAll(async () => {
  await t?.close();
});

async function list(qs: Record<string, string> = {}): Promise<ServiceAuditPage> {
  const res = await admin.client.get(`${LIST}?${new URLSearchParams(qs).toString()}`);
  await expectStatus(res, 200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ServiceAuditPageSchema.parse(await res.json());
}

/** Entries of the owner's account by the owner, oldest first: `n` of them. */
async function ownerEntries(n: number) {
  for (let i = 0; i < n; i += 1) {
    await recordAudit(
      t.database.db,
      { accountId: owner.tid, userId: owner.uid, email: owner.email },
      {
        action: 'tenants.created',
        targetType: 'tenant',
        targetId: `t-${i}`,
        data: { name: `=T${i}` },
      },
    );
  }
}

describe('GET /service/audit', () => {
  it('lists every entry newest first, sign-ins included, with the account’s name', async () => {
    await ownerEntries(3);
    const page = await list({ accountId: owner.tid });
    expect(page.entries.map((e) => e.targetId)).toEqual(['t-2', 't-1', 't-0']);
    expect(page.entries[0]).toMatchObject({
      action: 'tenants.created',
      actorEmail: owner.email,
      actorUserId: owner.uid,
      accountId: owner.tid,
      accountName: expect.any(String),
      chainSeq: null,
    });
    const signIns = await list({ actor: owner.email, action: 'auth.signed_in' });
    expect(signIns.entries).toHaveLength(1);
    expect(signIns.entries[0]).toMatchObject({
      accountId: null,
      accountName: null,
      targetId: owner.uid,
      ipAddress: owner.client.ip,
      data: { method: 'sign_up_code' },
    });
  });

  it('pages by cursor without skipping or repeating', async () => {
    const first = await list({ accountId: owner.tid, limit: '2' });
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list({ accountId: owner.tid, limit: '2', cursor: first.nextCursor! });
    expect(second.entries.map((e) => e.targetId)).toEqual(['t-0']);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by actor (e-mail in any case, or user id), action, prefix and time', async () => {
    const byEmail = await list({ actor: owner.email.toUpperCase(), action: 'tenants.created' });
    const byId = await list({ actor: owner.uid, action: 'tenants.created' });
    expect(byEmail.entries.map((e) => e.id)).toEqual(byId.entries.map((e) => e.id));
    expect(byEmail.entries).toHaveLength(3);

    const staffId = randomUUID();
    await recordSystemAudit(
      t.database.db,
      { userId: staffId, email: 'staff@example.com' },
      {
        action: 'service.note_added',
        targetType: 'account',
        targetId: owner.tid,
        accountId: owner.tid,
      },
    );
    const service = await list({ accountId: owner.tid, action: 'service.' });
    expect(service.entries.map((e) => e.action)).toEqual(['service.note_added']);
    const tenants = await list({ accountId: owner.tid, action: 'tenants.' });
    expect(tenants.entries).toHaveLength(3);
    expect((await list({ actor: staffId })).entries).toHaveLength(1);

    const newest = service.entries[0]!.createdAt;
    const upTo = await list({ accountId: owner.tid, to: newest });
    expect(upTo.entries.map((e) => e.action)).not.toContain('service.note_added');
    const from = await list({ accountId: owner.tid, from: newest });
    expect(from.entries.map((e) => e.action)).toEqual(['service.note_added']);
    expect((await list({ actor: 'nobody@example.com' })).entries).toEqual([]);
  });

  it('shows an entry’s place in the chain once sealed', async () => {
    await sealAuditChain(t.database.db);
    const page = await list({ accountId: owner.tid, limit: '1' });
    expect(page.entries[0]?.chainSeq).toEqual(expect.any(Number));
  });

  it('refuses bad filters and cursors with 400', async () => {
    const bad: Record<string, string>[] = [
      { action: 'Not An Action' },
      { action: 'auth' },
      { from: 'yesterday' },
      { from: '2024-05-02T00:00:00Z', to: '2024-05-01T00:00:00Z' },
      { cursor: 'not-a-cursor' },
      { limit: '500' },
      { actor: 'a\u0000b' },
    ];
    for (const qs of bad) {
      const res = await admin.client.get(`${LIST}?${new URLSearchParams(qs).toString()}`);
      expect(res.status, JSON.stringify(qs)).toBe(400);
      expect(await errorCode(res)).toBe('common.validation');
    }
  });

  it('is for system admins only', async () => {
    expect((await owner.client.get(LIST)).status).toBe(403);
    expect((await t.client().get(LIST)).status).toBe(401);
    expect((await owner.client.get(`${LIST}/export`)).status).toBe(403);
    expect((await owner.client.post(`${LIST}/verify`, {})).status).toBe(403);
    expect((await owner.client.get(`${LIST}/verify`)).status).toBe(403);
  });
});

describe('GET /service/audit/export', () => {
  it('streams CSV of the filtered entries, formulas defused, and is audited', async () => {
    const res = await admin.client.get(
      `${LIST}/export?format=csv&accountId=${owner.tid}&action=tenants.created`,
    );
    await expectStatus(res, 200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="tenantry-audit-.*\.csv"$/,
    );
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'time,action,actor_email,actor_user_id,account_id,account_name,target_type,target_id,ip_address,data,chain_seq,id',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`tenants.created,${owner.email},${owner.uid},${owner.tid}`);
    expect(lines[1]).toContain('"{""name"":""=T2""}"');

    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'service.audit_exported'), eq(auditLog.actorUserId, admin.uid)),
      );
    expect(audited).toMatchObject({
      accountId: null,
      actorEmail: admin.email,
      data: { format: 'csv', filters: { accountId: owner.tid, action: 'tenants.created' } },
    });
  });

  it('streams JSON: an array of the entries as the list shows them', async () => {
    const res = await admin.client.get(`${LIST}/export?format=json&accountId=${owner.tid}`);
    await expectStatus(res, 200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const entries = ServiceAuditPageSchema.shape.entries.parse(await res.json());
    const listed = await list({ accountId: owner.tid });
    expect(entries).toEqual(listed.entries);
  });

  it('reads page by page: every entry once, whatever the page size', async () => {
    const all = [];
    for await (const e of exportEntries(t.database.db, { accountId: owner.tid }, 2)) all.push(e.id);
    expect(all).toEqual((await list({ accountId: owner.tid })).entries.map((e) => e.id));
    expect(new Set(all).size).toBe(all.length);
    const empty = [];
    for await (const chunk of exportChunks(
      exportEntries(t.database.db, { actor: 'x@y.z' }),
      'json',
    )) {
      empty.push(chunk);
    }
    expect(JSON.parse(empty.join(''))).toEqual([]);
  });

  it('refuses an unknown format', async () => {
    expect((await admin.client.get(`${LIST}/export?format=xml`)).status).toBe(400);
  });
});

describe('POST /service/audit/verify', () => {
  const verify = async (status: number) => {
    const res = await admin.client.post(`${LIST}/verify`, {});
    await expectStatus(res, status);
    return AuditVerificationSchema.parse(await res.json());
  };

  it('runs the verification as a job, answers its result and audits it', async () => {
    await sealAuditChain(t.database.db);
    // The test queue runs the job within the request: it is done when the answer comes.
    const v = await verify(202);
    expect(v).toMatchObject({ state: 'done', requestedBy: admin.email, error: null });
    expect(v.result).toMatchObject({ ok: true, unsealed: 0 });
    expect(v.result!.checked).toBeGreaterThan(5);
    expect(v.checked).toBe(v.total);
    const latest = AuditVerificationStatusSchema.parse(
      await ok(admin.client.get(`${LIST}/verify`)),
    );
    expect(latest.verification).toEqual(v);
    const page = await list({ actor: admin.uid, action: 'service.audit_verified' });
    expect(page.entries[0]).toMatchObject({
      targetId: v.id,
      data: { ok: true, checked: v.result!.checked },
    });
  });

  it('says where a changed entry broke the chain', async () => {
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.targetId, 't-1')));
    await t.database.db
      .update(auditLog)
      .set({ data: { name: 'changed' } })
      .where(eq(auditLog.id, entry!.id));
    const v = await verify(202);
    expect(v.result).toMatchObject({
      ok: false,
      firstBrokenSeq: entry!.chainSeq,
      reason: 'hash_mismatch',
    });
    await t.database.db
      .update(auditLog)
      .set({ data: entry!.data })
      .where(eq(auditLog.id, entry!.id));
  });

  it('answers the verification on its way rather than starting a second', async () => {
    const id = randomUUID();
    await t.database.db
      .insert(auditVerifications)
      .values({ id, state: 'running', total: 10, checked: 4, heartbeatAt: new Date() });
    try {
      const v = await verify(200);
      expect(v).toMatchObject({ id, state: 'running', checked: 4, total: 10, result: null });
    } finally {
      await t.database.db.delete(auditVerifications).where(eq(auditVerifications.id, id));
    }
  });

  it('replaces one whose job stopped writing, marked failed', async () => {
    const id = randomUUID();
    const long = new Date(Date.now() - 10 * 60_000);
    await t.database.db
      .insert(auditVerifications)
      .values({ id, state: 'running', createdAt: long, heartbeatAt: long });
    const v = await verify(202);
    expect(v.id).not.toBe(id);
    expect(v.state).toBe('done');
    const [old] = await t.database.db
      .select()
      .from(auditVerifications)
      .where(eq(auditVerifications.id, id));
    expect(old).toMatchObject({ state: 'failed' });
    expect(old!.error).toMatch(/stopped/);
  });
});
