import {
  SupportAccessOverviewSchema,
  SupportAccessSchema,
  SupportSessionSchema,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, memberships, sessions, users } from '../../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../../test/app.ts';
import { expectStatus } from '../../../test/http.ts';
import {
  addMember,
  errorCode,
  makeSystemAdmin,
  type Person,
  signUpPerson,
} from '../../../test/people.ts';

const GRANT = '/api/v1/account/support-access';
const sessionPath = (accountId: string) => `/api/v1/service/accounts/${accountId}/support-session`;
const REASON = 'Customer asked us to look at their assessment (ticket #42).';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function newAdmin(): Promise<Person> {
  const admin = await signUpPerson(t, 'sysadmin');
  await makeSystemAdmin(t, admin);
  return admin;
}

async function grant(owner: Person, days: number) {
  const res = await owner.client.request(GRANT, { method: 'PUT', json: { days } });
  await expectStatus(res, 200);
  return SupportAccessSchema.parse(await res.json());
}

async function startSession(client: TestClient, accountId: string, body: object) {
  return client.post(sessionPath(accountId), body);
}

async function actions(accountId: string) {
  const rows = await t.database.db
    .select({ action: auditLog.action, data: auditLog.data, actor: auditLog.actorEmail })
    .from(auditLog)
    .where(eq(auditLog.accountId, accountId));
  return rows;
}

describe('support access grant (admin/security)', { timeout: 60_000 }, () => {
  it('an owner grants and revokes it; it is audited', async () => {
    const owner = await signUpPerson(t, 'sa-owner');
    const none = SupportAccessSchema.parse(await (await owner.client.get(GRANT)).json());
    expect(none).toEqual({ until: null, active: false });
    const granted = await grant(owner, 7);
    expect(granted.active).toBe(true);
    const days = (new Date(granted.until!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const revoke = await owner.client.request(GRANT, { method: 'DELETE' });
    await expectStatus(revoke, 200);
    expect(SupportAccessSchema.parse(await revoke.json())).toEqual({ until: null, active: false });
    const logged = (await actions(owner.tid)).map((a) => a.action);
    expect(logged).toEqual(
      expect.arrayContaining(['support_access.granted', 'support_access.revoked']),
    );
  });

  it('refuses 0 or 31 days, and an admin or a member of the account', async () => {
    const owner = await signUpPerson(t, 'sa-owner');
    for (const days of [0, 31, 2.5]) {
      const res = await owner.client.request(GRANT, { method: 'PUT', json: { days } });
      expect(res.status).toBe(400);
    }
    for (const role of ['admin', 'member'] as const) {
      const person = await addMember(t, owner, role);
      const res = await person.client.request(GRANT, { method: 'PUT', json: { days: 3 } });
      expect(res.status).toBe(403);
    }
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, owner.tid));
    expect(row?.supportAccessUntil).toBeNull();
  });
});

describe('support session', { timeout: 90_000 }, () => {
  it('opens under the grant, reads as the member, refuses every write, is audited', async () => {
    const owner = await signUpPerson(t, 'ss-owner');
    const member = await addMember(t, owner, 'member');
    await grant(owner, 2);
    const admin = await newAdmin();
    const overview = await admin.client.get(`/api/v1/service/accounts/${owner.tid}/support-access`);
    await expectStatus(overview, 200);
    const o = SupportAccessOverviewSchema.parse(await overview.json());
    expect(o.grant.active).toBe(true);
    expect(o.members.map((m) => m.userId).sort()).toEqual([owner.uid, member.uid].sort());
    const res = await startSession(admin.client, owner.tid, { userId: member.uid });
    await expectStatus(res, 200);
    const session = SupportSessionSchema.parse(await res.json());
    expect(session).toMatchObject({ accountId: owner.tid, userId: member.uid, viaGrant: true });

    const me = (await (await admin.client.get('/api/v1/me')).json()) as {
      uid: string;
      tid: string;
      role: string;
      supportSession: { staffEmail: string; readOnly: boolean } | null;
    };
    expect(me.uid).toBe(member.uid);
    expect(me.tid).toBe(owner.tid);
    expect(me.role).toBe('user');
    expect(me.supportSession).toMatchObject({ staffEmail: admin.email, readOnly: true });
    await expectStatus(await admin.client.get('/api/v1/tenants'), 200);

    // Writes: a tenant, the profile (Better Auth), the account name: all refused, one code.
    const create = await admin.client.post('/api/v1/tenants', { name: 'Nope' });
    expect(create.status).toBe(403);
    expect(await errorCode(create)).toBe('auth.support_read_only');
    const rename = await admin.client.request('/api/v1/account', {
      method: 'PATCH',
      json: { name: 'Nope' },
    });
    expect(rename.status).toBe(403);
    expect(await errorCode(rename)).toBe('auth.support_read_only');
    const profile = await admin.client.post('/api/auth/update-user', { name: 'Hacked' });
    expect(profile.status).toBe(403);
    expect(await errorCode(profile)).toBe('auth.support_read_only');
    // Nor can the session open another one (it has no system role).
    expect((await startSession(admin.client, owner.tid, { userId: owner.uid })).status).toBe(403);

    const log = await actions(owner.tid);
    expect(log.find((e) => e.action === 'support_access.started')?.actor).toBe(admin.email);
    const requests = log.filter((e) => e.action === 'support_access.request');
    expect(requests.map((e) => (e.data as { path: string }).path)).toEqual(
      expect.arrayContaining(['/api/v1/me', '/api/v1/tenants']),
    );
    expect(requests.some((e) => (e.data as { status: number }).status === 403)).toBe(true);

    // Leaving returns to the admin's own session, audited.
    const stop = await admin.client.post('/api/auth/admin/stop-impersonating', {});
    await expectStatus(stop, 200);
    const back = (await (await admin.client.get('/api/v1/me')).json()) as { uid: string };
    expect(back.uid).toBe(admin.uid);
    expect((await actions(owner.tid)).some((e) => e.action === 'support_access.ended')).toBe(true);
  });

  it('without a grant: refused without a reason; with one, every owner is e-mailed', async () => {
    const owner = await signUpPerson(t, 'ss-owner');
    const owner2 = await addMember(t, owner, 'owner', 'ss-owner2');
    const member = await addMember(t, owner, 'member');
    const admin = await newAdmin();
    const refused = await startSession(admin.client, owner.tid, { userId: member.uid });
    expect(refused.status).toBe(400);
    expect(await errorCode(refused)).toBe('support_access.reason_required');
    const short = await startSession(admin.client, owner.tid, {
      userId: member.uid,
      reason: 'too short',
    });
    expect(short.status).toBe(400);
    expect(await errorCode(short)).toBe('common.validation');
    // Still the admin's own session.
    const me = (await (await admin.client.get('/api/v1/me')).json()) as { uid: string };
    expect(me.uid).toBe(admin.uid);

    const res = await startSession(admin.client, owner.tid, { userId: member.uid, reason: REASON });
    await expectStatus(res, 200);
    expect(SupportSessionSchema.parse(await res.json()).viaGrant).toBe(false);
    for (const address of [owner.email, owner2.email]) {
      const [mail] = await t.mailTo(address);
      expect(mail?.subject).toContain('Tenantry support is viewing your account');
      expect(mail?.text).toContain(REASON);
    }
    const [memberMail] = await t.mailTo(member.email);
    expect(memberMail?.subject ?? '').not.toContain('Tenantry support');
  });

  it('never another account: the member’s other account is out of reach', async () => {
    const owner = await signUpPerson(t, 'ss-owner');
    const member = await addMember(t, owner, 'member');
    const other = await signUpPerson(t, 'ss-other');
    // `both` belongs to `other`'s account and (below) to `owner`'s, acting for `other`'s.
    const both = await addMember(t, other, 'admin', 'ss-both');
    await grant(owner, 1);
    const admin = await newAdmin();
    expect((await startSession(admin.client, owner.tid, { userId: both.uid })).status).toBe(404);
    // A system admin is never viewed as; an unknown account is not found.
    await t.setFlags(member.email, { isSystemAdmin: true });
    expect((await startSession(admin.client, owner.tid, { userId: member.uid })).status).toBe(403);
    await t.setFlags(member.email, { isSystemAdmin: false });
    expect(
      (await startSession(admin.client, 'no-such-account', { userId: member.uid })).status,
    ).toBe(404);

    await t.database.db
      .insert(memberships)
      .values({ accountId: owner.tid, userId: both.uid, role: 'member' });
    await t.database.db
      .update(users)
      .set({ activeAccountId: other.tid })
      .where(eq(users.id, both.uid));
    const theirs = await other.client.post('/api/v1/tenants', { name: 'Other client' });
    await expectStatus(theirs, 201);
    const { id } = (await theirs.json()) as { id: string };
    expect((await both.client.get(`/api/v1/tenants/${id}`)).status).toBe(200);

    await expectStatus(await startSession(admin.client, owner.tid, { userId: both.uid }), 200);
    const me = (await (await admin.client.get('/api/v1/me')).json()) as { tid: string };
    expect(me.tid).toBe(owner.tid);
    expect((await admin.client.get(`/api/v1/tenants/${id}`)).status).toBe(404);
    // Marked for another account (not the one it was opened for): refused outright.
    await t.database.db
      .update(sessions)
      .set({ supportAccountId: 'no-such-account' })
      .where(and(eq(sessions.userId, both.uid), eq(sessions.supportAccountId, owner.tid)));
    expect((await admin.client.get('/api/v1/tenants')).status).toBe(401);
  });

  it('ends when the owner revokes the grant it was opened under', async () => {
    const owner = await signUpPerson(t, 'ss-owner');
    const member = await addMember(t, owner, 'member');
    await grant(owner, 3);
    const admin = await newAdmin();
    await expectStatus(await startSession(admin.client, owner.tid, { userId: member.uid }), 200);
    await expectStatus(await admin.client.get('/api/v1/me'), 200);
    // The grant lapses (as if its days ran out): the next request is refused.
    await t.database.db
      .update(accounts)
      .set({ supportAccessUntil: new Date(Date.now() - 1000) })
      .where(eq(accounts.id, owner.tid));
    expect((await admin.client.get('/api/v1/tenants')).status).toBe(401);
    await grant(owner, 3);
    const admin2 = await newAdmin();
    await expectStatus(await startSession(admin2.client, owner.tid, { userId: member.uid }), 200);
    await expectStatus(await owner.client.request(GRANT, { method: 'DELETE' }), 200);
    expect((await admin2.client.get('/api/v1/tenants')).status).toBe(401);
  });
});
