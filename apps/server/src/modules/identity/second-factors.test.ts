/**
 * The account's "require a second factor", the service console's own requirement, and resets
 * of lost second factors (docs/identity.md).
 */
import {
  ErrorBodySchema,
  SECOND_FACTOR_GRACE_DAYS,
  type Member,
  type SecondFactorPolicy,
  type SecondFactorStatus,
} from '@tenantry/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, memberships, passkeys, users } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp, type TestClient } from '../../test/app.ts';
import { expectStatus, ok } from '../../test/http.ts';
import {
  addMember,
  enrolTotp,
  errorCode,
  makeSystemAdmin,
  signUpPerson,
  totpCode,
  type Person,
} from '../../test/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const POLICY = '/api/v1/account/second-factor-policy';
const DAY_MS = 86_400_000;

async function code(res: Response, status: number): Promise<string> {
  await expectStatus(res, status);
  return ErrorBodySchema.parse(await res.json()).error.code;
}

/** Moves the requirement and the member's joining `days` into the past. */
async function ago(accountId: string, userId: string, days: number) {
  const when = new Date(Date.now() - days * DAY_MS);
  const { db } = t.database;
  await db
    .update(accounts)
    .set({ requireSecondFactorSince: when })
    .where(eq(accounts.id, accountId));
  await db
    .update(memberships)
    .set({ createdAt: when })
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
}

async function claims(client: TestClient) {
  return (await (await client.get('/api/v1/me')).json()) as {
    secondFactor: { enrolled: boolean; required: boolean; enrolBy: string | null };
  };
}

describe('the account requires a second factor', () => {
  let owner: Person;
  let member: Person;
  beforeAll(async () => {
    owner = await signUpPerson(t, 'policy-owner');
    member = await addMember(t, owner, 'member', 'policy-member');
  });

  it('an owner must have one first; then turning it on is audited and counts who lacks one', async () => {
    expect(
      await code(
        await owner.client.request(POLICY, { method: 'PUT', json: { required: true } }),
        409,
      ),
    ).toBe('auth.second_factor_own_first');
    await enrolTotp(owner.client);
    const on = await ok<SecondFactorPolicy>(
      owner.client.request(POLICY, { method: 'PUT', json: { required: true } }),
    );
    expect(on).toMatchObject({
      required: true,
      graceDays: SECOND_FACTOR_GRACE_DAYS,
      membersWithout: 1,
    });
    // Again: no change, no second entry, the days not restarted.
    const again = await ok<SecondFactorPolicy>(
      owner.client.request(POLICY, { method: 'PUT', json: { required: true } }),
    );
    expect(again.since).toBe(on.since);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.accountId, owner.tid),
          eq(auditLog.action, 'security.second_factor_policy_changed'),
        ),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.data).toEqual({ required: true });
  });

  it('members may not read or set it', async () => {
    expect(await code(await member.client.get(POLICY), 403)).toBe('common.forbidden');
    const res = await member.client.request(POLICY, { method: 'PUT', json: { required: false } });
    expect(await code(res, 403)).toBe('common.forbidden');
  });

  it('a member in their days to enrol works on, and is told until when', async () => {
    const me = await claims(member.client);
    expect(me.secondFactor).toMatchObject({ enrolled: false, required: true });
    const until = Date.parse(me.secondFactor.enrolBy!);
    expect(until).toBeGreaterThan(Date.now() + (SECOND_FACTOR_GRACE_DAYS - 1) * DAY_MS);
    await expectStatus(member.client.get('/api/v1/tenants'), 200);
  });

  it('after them, every route but enrolling refuses at the next sign-in, until they enrol', async () => {
    await ago(owner.tid, member.uid, SECOND_FACTOR_GRACE_DAYS + 1);
    const browser = t.client();
    await expectStatus(browser.signIn(member.email), 200);
    const me = await claims(browser);
    expect(me.secondFactor).toMatchObject({ enrolled: false, required: true });
    expect(Date.parse(me.secondFactor.enrolBy!)).toBeLessThan(Date.now());
    const refused = await browser.get('/api/v1/tenants');
    expect(await code(refused, 403)).toBe('auth.second_factor_enrolment_required');
    expect(await code(await browser.post('/api/v1/tenants', { name: 'X' }), 403)).toBe(
      'auth.second_factor_enrolment_required',
    );
    // What enrolling needs stays open.
    await expectStatus(browser.get('/api/v1/account'), 200);
    await expectStatus(browser.get('/api/v1/me/sessions'), 200);
    const status = await ok<SecondFactorStatus>(browser.get('/api/v1/me/second-factors'));
    expect(status).toMatchObject({ totp: { enabled: false }, passkeys: [] });
    await enrolTotp(browser);
    await expectStatus(browser.get('/api/v1/tenants'), 200);
    expect((await claims(browser)).secondFactor.enrolled).toBe(true);
  });

  it('the owner sees who has one; turning it off lifts it', async () => {
    const { members } = await ok<{ members: Member[] }>(owner.client.get('/api/v1/members'));
    expect(members.every((m) => m.secondFactor)).toBe(true);
    const late = await addMember(t, owner, 'member', 'policy-late');
    await ago(owner.tid, late.uid, SECOND_FACTOR_GRACE_DAYS + 1);
    expect(await code(await late.client.get('/api/v1/tenants'), 403)).toBe(
      'auth.second_factor_enrolment_required',
    );
    const off = await ok<SecondFactorPolicy>(
      owner.client.request(POLICY, { method: 'PUT', json: { required: false } }),
    );
    expect(off).toMatchObject({ required: false, since: null });
    await expectStatus(late.client.get('/api/v1/tenants'), 200);
  });
});

describe('the service console needs a second factor', () => {
  it('a system admin without one is refused with a clear code, then let in once enrolled', async () => {
    const admin = await signUpPerson(t, 'bare-admin');
    await t.setFlags(admin.email, { isSystemAdmin: true });
    const res = await admin.client.get('/api/v1/service/users');
    expect(await code(res, 403)).toBe('auth.second_factor_required_for_service');
    // A passkey counts as well as an authenticator app.
    await t.database.db.insert(passkeys).values({
      id: crypto.randomUUID(),
      publicKey: 'unused',
      userId: admin.uid,
      credentialID: crypto.randomUUID(),
      counter: 0,
      deviceType: 'multiDevice',
      backedUp: true,
    });
    await expectStatus(admin.client.get('/api/v1/service/users'), 200);
  });
});

describe('resetting lost second factors', () => {
  let owner: Person;
  let member: Person;
  let secret: string;
  beforeAll(async () => {
    owner = await signUpPerson(t, 'reset-owner');
    member = await addMember(t, owner, 'member', 'reset-member');
    ({ secret } = await enrolTotp(member.client));
  });

  it('another account’s owner gets 404, a member 403, and nothing changes', async () => {
    const stranger = await signUpPerson(t, 'reset-stranger');
    const path = `/api/v1/members/${member.uid}/second-factors/reset`;
    expect(await code(await stranger.client.post(path, {}), 404)).toBe('common.not_found');
    const colleague = await addMember(t, owner, 'admin', 'reset-admin');
    expect(await code(await colleague.client.post(path, {}), 403)).toBe('common.forbidden');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, member.uid));
    expect(row?.twoFactorEnabled).toBe(true);
    await expectStatus(member.client.get('/api/v1/tenants'), 200);
  });

  it('an owner resets a member: factors gone, sessions ended, audited, e-mailed', async () => {
    const res = await ok<Record<string, unknown>>(
      owner.client.post(`/api/v1/members/${member.uid}/second-factors/reset`, {}),
    );
    expect(res).toEqual({
      userId: member.uid,
      totpRemoved: true,
      passkeysRemoved: 0,
      sessionsEnded: expect.any(Number),
    });
    expect(res.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect(await (await member.client.get('/api/v1/me')).json()).toBeNull();
    // The password alone signs in again; the old authenticator code is nothing now.
    const browser = t.client();
    await expectStatus(browser.signIn(member.email), 200);
    expect((await claims(browser)).secondFactor.enrolled).toBe(false);
    expect(
      (await browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(secret) }))
        .status,
    ).toBeGreaterThanOrEqual(400);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'members.second_factors_reset')),
      )
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({
      actorEmail: owner.email,
      targetId: member.uid,
      data: { email: member.email, totpRemoved: true, passkeysRemoved: 0 },
    });
    const [mail] = await t.mailTo(member.email);
    expect(mail?.subject).toBe('Your Tenantry second factors were reset');
    expect(mail?.text).toContain(owner.email);
    member.client = browser;
  });

  it('not one’s own, nor a system admin’s', async () => {
    const own = await owner.client.post(`/api/v1/members/${owner.uid}/second-factors/reset`, {});
    expect(await code(own, 403)).toBe('auth.second_factor_reset_refused');
    const staff = await addMember(t, owner, 'member', 'reset-staff');
    await makeSystemAdmin(t, staff);
    const res = await owner.client.post(`/api/v1/members/${staff.uid}/second-factors/reset`, {});
    expect(await code(res, 403)).toBe('auth.second_factor_reset_refused');
  });

  it('a system admin resets anyone’s, audited system-wide and e-mailed; not their own', async () => {
    const admin = await signUpPerson(t, 'reset-sysadmin');
    await makeSystemAdmin(t, admin);
    const person = await signUpPerson(t, 'reset-anyone');
    await enrolTotp(person.client);
    const path = `/api/v1/service/users/${person.uid}/second-factors/reset`;
    expect(await code(await owner.client.post(path, {}), 403)).toBe('common.forbidden');
    const res = await ok<Record<string, unknown>>(admin.client.post(path, {}));
    expect(res).toMatchObject({ userId: person.uid, totpRemoved: true });
    expect(await (await person.client.get('/api/v1/me')).json()).toBeNull();
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, person.uid), eq(auditLog.action, 'service.second_factors_reset')),
      )
      .orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ accountId: null, actorEmail: admin.email });
    expect((await t.mailTo(person.email))[0]?.subject).toBe(
      'Your Tenantry second factors were reset',
    );
    const detail = await ok<{ secondFactor: Record<string, unknown> }>(
      admin.client.get(`/api/v1/service/users/${person.uid}`),
    );
    expect(detail.secondFactor).toEqual({
      available: true,
      enrolled: false,
      totp: false,
      passkeys: 0,
    });
    const own = await admin.client.post(
      `/api/v1/service/users/${admin.uid}/second-factors/reset`,
      {},
    );
    expect(await code(own, 403)).toBe('auth.second_factor_reset_refused');
    expect(
      await errorCode(
        await admin.client.post('/api/v1/service/users/nobody/second-factors/reset', {}),
      ),
    ).toBe('common.not_found');
  });
});
