import { randomBytes, randomUUID } from 'node:crypto';
import {
  ServiceUserActionResultSchema,
  ServiceUserDetailSchema,
  ServiceUserListSchema,
  ServiceUserRowSchema,
  type ServiceUserList,
} from '@tenantry/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp, type TestClient } from '../../../test/app.ts';
import { expectStatus } from '../../../test/http.ts';
import {
  enrolTotp,
  errorCode,
  makeSystemAdmin,
  type Person,
  signUpPerson,
  totpCode,
} from '../../../test/people.ts';
import { disableUser, setSystemRole } from './users.service.ts';

const BASE = '/api/v1/service/users';

let t: TestApp;
let admin: Person;
beforeAll(async () => {
  t = await setupTestApp();
  admin = await signUpPerson(t, 'users-admin');
  await makeSystemAdmin(t, admin);
});
afterAll(async () => {
  await t?.close();
});

const del = (c: TestClient, path: string) => c.request(path, { method: 'DELETE' });
const put = (c: TestClient, path: string) => c.request(path, { method: 'PUT', json: {} });

async function list(qs: Record<string, string> = {}): Promise<ServiceUserList> {
  const res = await admin.client.get(`${BASE}?${new URLSearchParams(qs).toString()}`);
  await expectStatus(res, 200);
  return ServiceUserListSchema.parse(await res.json());
}

async function detail(userId: string) {
  const res = await admin.client.get(`${BASE}/${userId}`);
  await expectStatus(res, 200);
  return ServiceUserDetailSchema.parse(await res.json());
}

async function auditFor(userId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, action)));
}

/** A user made straight in the database (no session). */
async function bareUser(name: string, values: Partial<typeof users.$inferInsert> = {}) {
  const id = randomUUID();
  const email = uniqueEmail(name.toLowerCase().replace(/\W/g, ''));
  await t.database.db.insert(users).values({ id, name, email, ...values });
  return { id, email };
}

describe('GET /service/users', () => {
  it('finds a user by the start of the e-mail, the name, or the id', async () => {
    const tag = `Zed${randomBytes(3).toString('hex')}`;
    const person = await signUpPerson(t, 'findme', `${tag} Person`);
    const byEmail = await list({ q: person.email.slice(0, 12).toUpperCase() });
    expect(byEmail.items.map((u) => u.id)).toContain(person.uid);
    const byName = await list({ q: tag.toLowerCase() });
    expect(byName.items.map((u) => u.id)).toEqual([person.uid]);
    const byId = await list({ q: person.uid });
    expect(byId.items).toHaveLength(1);
    expect(byId.items[0]).toMatchObject({ email: person.email, emailVerified: true });
    // And by the end of the e-mail (a domain); wildcards are literal.
    const byEnd = await list({ q: person.email.slice(-20).toUpperCase() });
    expect(byEnd.items.map((u) => u.id)).toContain(person.uid);
    expect((await list({ q: '%' })).items).toEqual([]);
  });

  it('filters by role, disabled and verified', async () => {
    const dev = await bareUser('Filter dev', { isSystemDev: true });
    const banned = await bareUser('Filter banned', { banned: true, emailVerified: true });
    const devs = await list({ role: 'developer', limit: '100' });
    expect(devs.items.map((u) => u.id)).toContain(dev.id);
    expect(devs.items.every((u) => u.systemDeveloper)).toBe(true);
    const admins = await list({ role: 'admin' });
    expect(admins.items.map((u) => u.id)).toContain(admin.uid);
    expect(admins.items.every((u) => u.systemAdmin)).toBe(true);
    const disabled = await list({ disabled: 'true', verified: 'true' });
    expect(disabled.items.map((u) => u.id)).toEqual([banned.id]);
    const unverified = await list({ verified: 'false', limit: '100' });
    expect(unverified.items.every((u) => !u.emailVerified)).toBe(true);
    expect(unverified.items.map((u) => u.id)).toContain(dev.id);
  });

  it('pages newest first by keyset, without gaps or repeats', async () => {
    const tag = `Pager${randomBytes(3).toString('hex')}`;
    const at = new Date('2026-01-01T00:00:00Z');
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      // Two share a created_at: the id breaks the tie.
      const createdAt = new Date(at.getTime() + Math.min(i, 3) * 1000);
      made.push((await bareUser(`${tag} ${i}`, { createdAt })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ServiceUserList = await list({
        q: tag,
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(made));
    const [a, b] = [made[3]!, made[4]!].sort().reverse();
    expect(seen).toEqual([a, b, made[2], made[1], made[0]]);
  });

  it('refuses a bad query (400) and a forged cursor (400)', async () => {
    const bad = await admin.client.get(`${BASE}?role=owner`);
    await expectStatus(bad, 400);
    expect(await errorCode(bad)).toBe('common.validation');
    const forged = await admin.client.get(`${BASE}?cursor=nonsense`);
    await expectStatus(forged, 400);
  });

  it('is for system admins only', async () => {
    const member = await signUpPerson(t, 'users-outsider');
    await expectStatus(await member.client.get(BASE), 403);
    await expectStatus(await t.client().get(BASE), 401);
  });
});

describe('GET /service/users/{userId}', () => {
  it('shows accounts, sessions, sign-ins and failures, verification and second factor', async () => {
    const person = await signUpPerson(t, 'page', 'Page Person');
    const other = t.client();
    expect((await other.signIn(person.email, 'wrong-password-x')).status).toBe(401);
    expect((await other.signIn(person.email)).status).toBe(200);
    // The failure is recorded without waiting for it.
    await expect
      .poll(async () => (await auditFor(person.uid, 'auth.sign_in_failed')).length)
      .toBe(1);
    const page = await detail(person.uid);
    expect(page).toMatchObject({
      id: person.uid,
      email: person.email,
      emailVerified: true,
      disabled: false,
      systemAdmin: false,
      secondFactor: { available: true, enrolled: false, totp: false, passkeys: 0 },
    });
    expect(page.memberships).toEqual([
      expect.objectContaining({ accountId: person.tid, role: 'owner', accountSuspended: false }),
    ]);
    expect(page.sessions).toHaveLength(2);
    expect(page.signIns.some((s) => s.succeeded && s.method === 'password')).toBe(true);
    expect(page.signIns.some((s) => !s.succeeded && s.reason === 'invalid_credentials')).toBe(true);
    // With an authenticator app, the page says so, and the sign-in names its second factor.
    const { secret } = await enrolTotp(person.client);
    const again = t.client();
    await expectStatus(await again.signIn(person.email), 200);
    await expectStatus(
      again.post('/api/auth/two-factor/verify-totp', { code: await totpCode(secret) }),
      200,
    );
    const after = await detail(person.uid);
    expect(after.secondFactor).toEqual({
      available: true,
      enrolled: true,
      totp: true,
      passkeys: 0,
    });
    expect(after.signIns[0]).toMatchObject({
      succeeded: true,
      method: 'password',
      secondFactor: 'totp',
    });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await admin.client.get(`${BASE}/${randomUUID()}`);
    await expectStatus(res, 404);
    expect(await errorCode(res)).toBe('common.not_found');
  });
});

describe('sessions', () => {
  it('ends one session, then all: refused on their next request', async () => {
    const person = await signUpPerson(t, 'sessions');
    const second = t.client();
    await expectStatus(await second.signIn(person.email), 200);
    await expectStatus(await second.get('/api/v1/me'), 200);
    const { sessions: live } = await detail(person.uid);
    expect(live).toHaveLength(2);
    const [newest] = live;
    const one = await del(admin.client, `${BASE}/${person.uid}/sessions/${newest!.id}`);
    await expectStatus(one, 200);
    expect(ServiceUserActionResultSchema.parse(await one.json()).sessionsEnded).toBe(1);
    expect((await auditFor(person.uid, 'service.user_session_ended')).length).toBe(1);
    const again = await del(admin.client, `${BASE}/${person.uid}/sessions/${newest!.id}`);
    await expectStatus(again, 404);
    expect(await errorCode(again)).toBe('service_users.session_not_found');

    const all = await del(admin.client, `${BASE}/${person.uid}/sessions`);
    await expectStatus(all, 200);
    expect(ServiceUserActionResultSchema.parse(await all.json()).sessionsEnded).toBe(1);
    await expectStatus(await person.client.get('/api/v1/me/sessions'), 401);
    await expectStatus(await second.get('/api/v1/me/sessions'), 401);
    const [entry] = await auditFor(person.uid, 'service.user_sessions_ended');
    expect(entry).toMatchObject({ actorUserId: admin.uid, accountId: null });
  });

  it('holds on every server: a session used on a second server is refused there at once', async () => {
    // A second server process on the same database, with its own verified-session cache.
    const t2 = await setupTestApp({ database: t.database });
    const person = await signUpPerson(t, 'two-servers');
    const elsewhere = t2.client();
    await expectStatus(await elsewhere.signIn(person.email), 200);
    await expectStatus(await elsewhere.get('/api/v1/me/sessions'), 200);
    await expectStatus(await elsewhere.get('/api/v1/me/sessions'), 200);

    await expectStatus(await del(admin.client, `${BASE}/${person.uid}/sessions`), 200);
    await expectStatus(await elsewhere.get('/api/v1/me/sessions'), 401);
    await expectStatus(await person.client.get('/api/v1/me/sessions'), 401);
  });

  it('answers 404 for an unknown user', async () => {
    await expectStatus(await del(admin.client, `${BASE}/${randomUUID()}/sessions`), 404);
  });
});

describe('disable and enable', () => {
  it('disables (ending sessions, refusing sign-in) and enables again', async () => {
    const person = await signUpPerson(t, 'disable');
    const res = await admin.client.post(`${BASE}/${person.uid}/disable`, { reason: 'Abuse' });
    await expectStatus(res, 200);
    expect(ServiceUserActionResultSchema.parse(await res.json()).sessionsEnded).toBe(1);
    await expectStatus(await person.client.get('/api/v1/me/sessions'), 401);
    expect((await t.client().signIn(person.email)).status).toBe(403);
    expect(await detail(person.uid)).toMatchObject({ disabled: true, disabledReason: 'Abuse' });
    const twice = await admin.client.post(`${BASE}/${person.uid}/disable`, { reason: 'Again' });
    await expectStatus(twice, 409);
    expect(await errorCode(twice)).toBe('service_users.unchanged');
    expect((await auditFor(person.uid, 'service.user_disabled')).length).toBe(1);

    await expectStatus(await admin.client.post(`${BASE}/${person.uid}/enable`, {}), 200);
    expect((await t.client().signIn(person.email)).status).toBe(200);
    expect((await auditFor(person.uid, 'service.user_enabled')).length).toBe(1);
    await expectStatus(await admin.client.post(`${BASE}/${person.uid}/enable`, {}), 409);
  });

  it('needs a reason (400), refuses oneself (409) and an unknown user (404)', async () => {
    const person = await bareUser('Reasonless');
    const none = await admin.client.post(`${BASE}/${person.id}/disable`, {});
    await expectStatus(none, 400);
    expect(await errorCode(none)).toBe('common.validation');
    const self = await admin.client.post(`${BASE}/${admin.uid}/disable`, { reason: 'x' });
    await expectStatus(self, 409);
    expect(await errorCode(self)).toBe('service_users.self');
    await expectStatus(
      await admin.client.post(`${BASE}/${randomUUID()}/disable`, { reason: 'x' }),
      404,
    );
  });
});

describe('system roles', () => {
  it('grants and revokes developer and admin, audited; one source of truth', async () => {
    const person = await signUpPerson(t, 'roles');
    const grant = await put(admin.client, `${BASE}/${person.uid}/roles/developer`);
    await expectStatus(grant, 200);
    expect(ServiceUserRowSchema.parse(await grant.json()).systemDeveloper).toBe(true);
    const me = (await (await person.client.get('/api/v1/me')).json()) as { isSystemDev: boolean };
    expect(me.isSystemDev).toBe(true);
    await expectStatus(await put(admin.client, `${BASE}/${person.uid}/roles/developer`), 409);

    await expectStatus(await put(admin.client, `${BASE}/${person.uid}/roles/admin`), 200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, person.uid));
    expect(row).toMatchObject({ isSystemAdmin: true, role: 'admin' });
    await expectStatus(await del(admin.client, `${BASE}/${person.uid}/roles/admin`), 200);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, person.uid));
    expect(after).toMatchObject({ isSystemAdmin: false, role: 'user' });
    const granted = await auditFor(person.uid, 'service.role_granted');
    expect(granted.map((e) => e.data.role).sort()).toEqual(['admin', 'developer']);
    expect((await auditFor(person.uid, 'service.role_revoked')).length).toBe(1);
  });

  it('never on oneself, never the last enabled admin', async () => {
    const self = await del(admin.client, `${BASE}/${admin.uid}/roles/admin`);
    await expectStatus(self, 409);
    expect(await errorCode(self)).toBe('service_users.self');
    const selfGrant = await put(admin.client, `${BASE}/${admin.uid}/roles/developer`);
    await expectStatus(selfGrant, 409);

    // Through the API the actor is an enabled admin, so another one always remains; the rule
    // bites when two admins act on each other at once. In the service's terms: an actor that
    // is no (longer an) admin may not take the role of, or disable, the only enabled admin.
    const { db } = t.database;
    const enabled = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isSystemAdmin, true), eq(users.banned, false)));
    const others = enabled.map((u) => u.id).filter((id) => id !== admin.uid);
    if (others.length > 0)
      await db.update(users).set({ banned: true }).where(inArray(users.id, others));
    try {
      const ctx = {
        actor: { userId: randomUUID(), email: 'gone@example.test' },
        ipAddress: null,
        forgetSessions: () => {},
      };
      await expect(setSystemRole(db, ctx, admin.uid, 'admin', false)).rejects.toMatchObject({
        code: 'service_users.last_admin',
        status: 409,
      });
      await expect(disableUser(db, ctx, admin.uid, { reason: 'x' })).rejects.toMatchObject({
        code: 'service_users.last_admin',
      });
      // With a second enabled admin, the same revocation goes through.
      const second = await bareUser('Second admin', { isSystemAdmin: true });
      await setSystemRole(db, ctx, second.id, 'admin', false);
      await setSystemRole(db, ctx, second.id, 'admin', true);
      await setSystemRole(db, ctx, admin.uid, 'admin', false);
      await setSystemRole(db, ctx, admin.uid, 'admin', true);
    } finally {
      if (others.length > 0)
        await db.update(users).set({ banned: false }).where(inArray(users.id, others));
    }
  });
});

describe('e-mails', () => {
  it('resends verification to an unverified address only', async () => {
    const person = await bareUser('Unverified');
    const res = await admin.client.post(`${BASE}/${person.id}/verification`, {});
    await expectStatus(res, 200);
    const [mail] = await t.mailTo(person.email);
    expect(mail?.text).toContain('/verify-email?token=');
    expect((await auditFor(person.id, 'service.verification_resent')).length).toBe(1);
    const verified = await signUpPerson(t, 'verified');
    const refused = await admin.client.post(`${BASE}/${verified.uid}/verification`, {});
    await expectStatus(refused, 409);
    expect(await errorCode(refused)).toBe('service_users.already_verified');
  });

  it('sends a password reset link', async () => {
    const person = await signUpPerson(t, 'reset');
    const res = await admin.client.post(`${BASE}/${person.uid}/password-reset`, {});
    await expectStatus(res, 200);
    await expect
      .poll(async () =>
        (await t.mailTo(person.email)).some((m) => m.text.includes('/reset-password?token=')),
      )
      .toBe(true);
    expect((await auditFor(person.uid, 'service.password_reset_sent')).length).toBe(1);
    await expectStatus(await admin.client.post(`${BASE}/${randomUUID()}/password-reset`, {}), 404);
  });
});

describe('sessions table', () => {
  it('a support session names the staff member', async () => {
    const person = await bareUser('Supported');
    await t.database.db.insert(sessions).values({
      id: randomUUID(),
      token: randomUUID(),
      userId: person.id,
      expiresAt: new Date(Date.now() + 3_600_000),
      impersonatedBy: admin.uid,
    });
    const page = await detail(person.id);
    expect(page.sessions[0]).toMatchObject({
      impersonatedBy: admin.uid,
      impersonatedByEmail: admin.email,
    });
  });
});
