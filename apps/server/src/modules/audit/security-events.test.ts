/**
 * Security events (auth/security-events.ts): every sign-in that opens a session is recorded as
 * `auth.signed_in` and every refused one as `auth.sign_in_failed`, system-wide, with the
 * address the app trusts and the browser; the CLI's role grants are recorded too.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { TEST_IP_HEADER, setupTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { addTenant } from '../../test/data.ts';
import { expectStatus } from '../../test/http.ts';
import { sharedUser, signUpPerson } from '../../test/people.ts';
import { runCliCommand } from '../users/users.cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const UA = 'Mozilla/5.0 (SecurityEventsTest)';

/** The entries of `action` whose data names `email`, newest first. */
async function eventsFor(action: string, email: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), sql`${auditLog.data}->>'email' = ${email}`))
    .orderBy(desc(auditLog.createdAt));
}

/** Failures are recorded after the answer: wait for them. */
async function eventuallyFor(action: string, email: string, count = 1) {
  return vi.waitFor(
    async () => {
      const rows = await eventsFor(action, email);
      expect(rows.length).toBeGreaterThanOrEqual(count);
      return rows;
    },
    { timeout: 5000, interval: 20 },
  );
}

describe('auth.signed_in', () => {
  it('the sign-up code and a password sign-in each record a sign-in with address and browser', async () => {
    const person = await signUpPerson(t, 'sec-in');
    const [first] = await eventsFor('auth.signed_in', person.email);
    expect(first).toMatchObject({
      accountId: null,
      actorUserId: person.uid,
      actorEmail: person.email,
      targetType: 'user',
      targetId: person.uid,
      ipAddress: person.client.ip,
      data: { email: person.email, method: 'sign_up_code' },
    });

    const res = await person.client.request('/api/auth/sign-in/email', {
      json: { email: person.email, password: 'correct-horse-battery' },
      headers: { 'user-agent': UA },
    });
    await expectStatus(res, 200);
    const rows = await eventsFor('auth.signed_in', person.email);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      ipAddress: person.client.ip,
      data: { email: person.email, method: 'password', userAgent: UA },
    });
  });

  it('the address is the one the app trusts, never one the client sent', async () => {
    const person = await signUpPerson(t, 'sec-spoof');
    const res = await person.client.request('/api/auth/sign-in/email', {
      json: { email: person.email, password: 'correct-horse-battery' },
      headers: { 'x-tenantry-client-ip': '203.0.113.66' },
    });
    await expectStatus(res, 200);
    const [row] = await eventsFor('auth.signed_in', person.email);
    expect(row?.ipAddress).toBe(person.client.ip);
    // The sign-up code route too: the header reaches Better Auth only from the app.
    const other = t.client();
    const email = uniqueEmail('sec-spoof-code');
    expect(
      (
        await other.post('/api/auth/sign-up/email', {
          email,
          password: 'correct-horse-battery',
          name: 'S',
        })
      ).status,
    ).toBe(200);
    const [mail] = await t.mailTo(email);
    const code = /(\d{6})$/.exec(mail!.subject)![1];
    await expectStatus(
      other.request('/api/v1/signup/verify', {
        json: { email, code },
        headers: { 'x-tenantry-client-ip': '203.0.113.66' },
      }),
      200,
    );
    const [viaCode] = await eventsFor('auth.signed_in', email);
    expect(viaCode).toMatchObject({ ipAddress: other.ip, data: { method: 'sign_up_code' } });
  });

  it('a shared sign-in code records method shared_code', async () => {
    const owner = await signUpPerson(t, 'sec-owner');
    const tenantId = await addTenant(t, owner.tid, 'Security Co');
    await sharedUser(t, owner, tenantId, 'viewer');
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.signed_in'),
          sql`${auditLog.data}->>'method' = 'shared_code'`,
          sql`${auditLog.data}->>'email' like 'shared-viewer-%'`,
        ),
      )
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(row).toMatchObject({ accountId: null, targetType: 'user' });
    expect(row?.targetId).toBe(row?.actorUserId);
  });

  it('the e-mail link that proves an address records method email_link', async () => {
    const browser = t.client();
    const email = uniqueEmail('sec-link');
    await browser.post('/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-battery',
      name: 'Link',
    });
    await browser.post('/api/auth/send-verification-email', { email });
    const mail = (await t.mailTo(email)).find((m) => m.subject === 'Confirm your e-mail address');
    const token = /verify-email\?token=([^\s"&<]+)/.exec(mail!.text)![1]!;
    await expectStatus(browser.get(`/api/auth/verify-email?token=${token}`), 200);
    const [row] = await eventsFor('auth.signed_in', email);
    expect(row).toMatchObject({ ipAddress: browser.ip, data: { method: 'email_link' } });
  });

  it('a password change’s new session is no sign-in', async () => {
    const person = await signUpPerson(t, 'sec-pw');
    const before = (await eventsFor('auth.signed_in', person.email)).length;
    await expectStatus(
      person.client.post('/api/auth/change-password', {
        currentPassword: 'correct-horse-battery',
        newPassword: 'another-horse-battery',
      }),
      200,
    );
    expect(await eventsFor('auth.signed_in', person.email)).toHaveLength(before);
  });
});

describe('auth.sign_in_failed', () => {
  it('a wrong password names the user as target, with no actor', async () => {
    const person = await signUpPerson(t, 'sec-wrong');
    const res = await t.client().request('/api/auth/sign-in/email', {
      json: { email: person.email.toUpperCase(), password: 'not-the-password' },
      headers: { 'user-agent': UA },
    });
    expect(res.status).toBe(401);
    const [row] = await eventuallyFor('auth.sign_in_failed', person.email);
    expect(row).toMatchObject({
      accountId: null,
      actorUserId: null,
      actorEmail: null,
      targetType: 'user',
      targetId: person.uid,
      data: {
        email: person.email,
        method: 'password',
        reason: 'invalid_credentials',
        userAgent: UA,
      },
    });
    expect(row?.ipAddress).toMatch(/^198\.51\./);
  });

  it('an unknown address answers as a wrong password and is recorded without a target', async () => {
    const email = uniqueEmail('sec-nobody');
    const res = await t.client().signIn(email, 'whatever-password');
    expect(res.status).toBe(401);
    const [row] = await eventuallyFor('auth.sign_in_failed', email);
    expect(row).toMatchObject({ targetId: null, data: { reason: 'invalid_credentials' } });
  });

  it('an unverified address and a disabled user are recorded with their reason', async () => {
    const browser = t.client();
    const email = uniqueEmail('sec-unverified');
    await browser.post('/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-battery',
      name: 'Unverified',
    });
    expect((await browser.signIn(email)).status).toBe(403);
    const [unverified] = await eventuallyFor('auth.sign_in_failed', email);
    expect(unverified?.data).toMatchObject({ reason: 'email_not_verified' });

    const disabled = await signUpPerson(t, 'sec-disabled');
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, disabled.uid));
    expect((await t.client().signIn(disabled.email)).status).toBe(403);
    const [row] = await eventuallyFor('auth.sign_in_failed', disabled.email);
    expect(row).toMatchObject({ targetId: disabled.uid, data: { reason: 'user_disabled' } });
  });

  it('a wrong sign-up code is recorded as a failed sign-in by code', async () => {
    const browser = t.client();
    const email = uniqueEmail('sec-code');
    await browser.post('/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-battery',
      name: 'Code',
    });
    const res = await browser.post('/api/v1/signup/verify', { email, code: '000000' });
    expect(res.status).toBe(400);
    const [row] = await eventuallyFor('auth.sign_in_failed', email);
    expect(row?.data).toMatchObject({ method: 'sign_up_code', reason: 'invalid_code' });
  });

  it('a malformed request is no failed sign-in', async () => {
    const res = await t
      .client()
      .post('/api/auth/sign-in/email', { email: 'not-an-address', password: 'x' });
    expect(res.status).toBe(400);
    // Give a recording the time it would take, then find none.
    await new Promise((r) => setTimeout(r, 100));
    expect(await eventsFor('auth.sign_in_failed', 'not-an-address')).toHaveLength(0);
  });

  it('the client address comes from the app, not the request', async () => {
    const email = uniqueEmail('sec-fail-ip');
    const res = await t.client().request('/api/auth/sign-in/email', {
      json: { email, password: 'whatever-password' },
      headers: { [TEST_IP_HEADER]: '192.0.2.7', 'x-tenantry-client-ip': '203.0.113.66' },
    });
    expect(res.status).toBe(401);
    const [row] = await eventuallyFor('auth.sign_in_failed', email);
    expect(row?.ipAddress).toBe('192.0.2.7');
  });
});

describe('the CLI’s role grants', () => {
  it('grant-admin and revoke-admin record a grant and a revocation with no actor', async () => {
    const person = await signUpPerson(t, 'sec-cli');
    const entries = () =>
      t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.targetId, person.uid), sql`${auditLog.action} like 'service.role_%'`),
        )
        .orderBy(auditLog.createdAt);
    expect((await runCliCommand(t.database.db, ['grant-admin', person.email])).exitCode).toBe(0);
    // Granting what they have changes nothing and records nothing.
    expect((await runCliCommand(t.database.db, ['grant-admin', person.email])).exitCode).toBe(0);
    expect((await runCliCommand(t.database.db, ['revoke-admin', person.email])).exitCode).toBe(0);
    expect((await runCliCommand(t.database.db, ['grant-dev', person.email])).exitCode).toBe(0);
    const rows = await entries();
    expect(rows.map((r) => [r.action, r.data.role, r.actorUserId, r.accountId])).toEqual([
      ['service.role_granted', 'admin', null, null],
      ['service.role_revoked', 'admin', null, null],
      ['service.role_granted', 'developer', null, null],
    ]);
    expect(rows[0]?.data).toMatchObject({ email: person.email, via: 'cli' });
  });
});
