/**
 * Second factors (docs/identity.md): no sign-in path skips an enrolled one, attempts are
 * limited per user across servers, and every session says how it signed in.
 */
import { randomUUID } from 'node:crypto';
import { SECOND_FACTOR_ATTEMPT_LIMIT, type SessionList } from '@tenantry/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passkeys, users } from '../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp, type TestClient } from '../test/app.ts';
import { expectStatus, ok } from '../test/http.ts';
import { waitFor } from '../test/jobs.ts';
import { enrolTotp, signUpPerson, totpCode, type Person } from '../test/people.ts';

let t: TestApp;
/** A second server process on the same database. */
let t2: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  t2 = await setupTestApp({ database: t.database });
});
afterAll(async () => {
  await t?.close();
});

const CHALLENGE_COOKIE = 'tenantry.two_factor';

async function me(client: TestClient): Promise<Record<string, unknown> | null> {
  return (await (await client.get('/api/v1/me')).json()) as Record<string, unknown> | null;
}

/** A signed-up person with an authenticator app. */
async function withTotp(
  prefix: string,
): Promise<Person & { secret: string; backupCodes: string[] }> {
  const person = await signUpPerson(t, prefix);
  return { ...person, ...(await enrolTotp(person.client)) };
}

/** The answer is the second step, not a session: no session cookie works. */
async function expectChallenge(res: Response, client: TestClient, methods = ['totp']) {
  const body = (await (await expectStatus(res, 200)).json()) as Record<string, unknown>;
  expect(body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: methods });
  expect(client.cookies.has(CHALLENGE_COOKIE)).toBe(true);
  expect(await me(client)).toBeNull();
}

async function sessionsOf(client: TestClient) {
  return (await ok<SessionList>(client.get('/api/v1/me/sessions'))).sessions;
}

function linkIn(text: string | undefined, page: string): string {
  const token = new RegExp(`${page}\\?token=([^\\s"&<]+)`).exec(text ?? '')?.[1];
  if (!token) throw new Error(`no ${page} link in ${text}`);
  return token;
}

describe('the authenticator app at sign-in', () => {
  it('a password alone opens no session; the code then does, and the session says both', async () => {
    const person = await withTotp('totp');
    const browser = t.client();
    await expectChallenge(await browser.signIn(person.email), browser);
    const wrong = await browser.post('/api/auth/two-factor/verify-totp', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(await me(browser)).toBeNull();
    // A wrong code is a refused sign-in, like a wrong password.
    const refused = await waitFor(async () => {
      const [row] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.sign_in_failed'), eq(auditLog.targetId, person.uid)));
      return row;
    });
    expect(refused.data).toMatchObject({
      email: person.email,
      method: 'password',
      reason: 'invalid_second_factor',
      secondFactor: 'totp',
    });
    await expectStatus(
      browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(person.secret) }),
      200,
    );
    expect(await me(browser)).toMatchObject({
      email: person.email,
      secondFactor: { enrolled: true },
    });
    const current = (await sessionsOf(browser)).find((s) => s.current);
    expect(current).toMatchObject({ signInMethod: 'password', secondFactor: 'totp' });
    // The security event says so too.
    const [event] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.signed_in'), eq(auditLog.targetId, person.uid)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(event?.data).toMatchObject({ method: 'password', secondFactor: 'totp' });
  });

  it('a backup code works once', async () => {
    const person = await withTotp('backup');
    const code = person.backupCodes[0]!;
    const first = t.client();
    await expectChallenge(await first.signIn(person.email), first);
    await expectStatus(first.post('/api/auth/two-factor/verify-backup-code', { code }), 200);
    expect((await sessionsOf(first)).find((s) => s.current)).toMatchObject({
      signInMethod: 'password',
      secondFactor: 'backup_code',
    });
    const again = t.client();
    await expectChallenge(await again.signIn(person.email), again);
    expect((await again.post('/api/auth/two-factor/verify-backup-code', { code })).status).toBe(
      401,
    );
    expect(await me(again)).toBeNull();
    const status = await ok<{ totp: { backupCodesLeft: number } }>(
      first.get('/api/v1/me/second-factors'),
    );
    expect(status.totp.backupCodesLeft).toBe(person.backupCodes.length - 1);
  });

  it('a remembered ("trusted") device does not skip the code', async () => {
    const person = await withTotp('trust');
    const browser = t.client();
    await expectChallenge(await browser.signIn(person.email), browser);
    await expectStatus(
      browser.post('/api/auth/two-factor/verify-totp', {
        code: await totpCode(person.secret),
        trustDevice: true,
      }),
      200,
    );
    await expectStatus(browser.post('/api/auth/sign-out', {}), 200);
    await expectChallenge(await browser.signIn(person.email), browser);
  });

  it('a passkey-only user is asked for the passkey after the password', async () => {
    const person = await signUpPerson(t, 'passkey-only');
    // A registered passkey (registering one needs a browser's authenticator: e2e/identity).
    await t.database.db.insert(passkeys).values({
      id: randomUUID(),
      name: 'Laptop',
      publicKey: 'unused',
      userId: person.uid,
      credentialID: randomUUID(),
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
    });
    const browser = t.client();
    await expectChallenge(await browser.signIn(person.email), browser, ['passkey']);
    // With an authenticator app as well, the plugin's own challenge names both.
    const both = await withTotp('both');
    await t.database.db
      .update(passkeys)
      .set({ userId: both.uid })
      .where(eq(passkeys.userId, person.uid));
    const other = t.client();
    await expectChallenge(await other.signIn(both.email), other, ['totp', 'passkey']);
  });
});

describe('no other path skips it', () => {
  it('the sign-up code opens no session for an address with a second factor', async () => {
    const person = await withTotp('signup-code');
    // Even were the address unproven again (and so sent a sign-up code):
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, person.uid));
    const browser = t.client();
    await expectStatus(browser.post('/api/v1/signup/code', { email: person.email }), 202);
    const [mail] = await t.mailTo(person.email);
    const code = /(\d{6})$/.exec(mail!.subject)![1]!;
    const res = await browser.post('/api/v1/signup/verify', { email: person.email, code });
    expect(await (await expectStatus(res, 200)).json()).toEqual({
      status: 'second-factor',
      methods: ['totp'],
    });
    expect(await me(browser)).toBeNull();
    await expectStatus(
      browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(person.secret) }),
      200,
    );
    expect((await sessionsOf(browser)).find((s) => s.current)).toMatchObject({
      signInMethod: 'sign_up_code',
      secondFactor: 'totp',
    });
  });

  it('the e-mail link that proves an address opens no session either', async () => {
    const person = await withTotp('link');
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, person.uid));
    const browser = t.client();
    await browser.post('/api/auth/send-verification-email', { email: person.email });
    const mail = (await t.mailTo(person.email)).find(
      (m) => m.subject === 'Confirm your e-mail address',
    );
    const token = linkIn(mail?.text, 'verify-email');
    await expectChallenge(await browser.get(`/api/auth/verify-email?token=${token}`), browser);
  });

  it('a password reset opens no session, and the new password still needs the code', async () => {
    const person = await withTotp('reset');
    const browser = t.client();
    await expectStatus(
      browser.post('/api/auth/request-password-reset', { email: person.email }),
      200,
    );
    const [mail] = await t.mailTo(person.email);
    const token = linkIn(mail?.text, 'reset-password');
    await expectStatus(
      browser.post('/api/auth/reset-password', { token, newPassword: 'brand-new-password' }),
      200,
    );
    expect(await me(browser)).toBeNull();
    await expectChallenge(await browser.signIn(person.email, 'brand-new-password'), browser);
    // The reset ended the old sessions too.
    expect(await me(person.client)).toBeNull();
  });

  it('an e-mail change opens no session, and the new address still needs the code', async () => {
    const person = await withTotp('mover');
    const newEmail = uniqueEmail('moved');
    await expectStatus(person.client.post('/api/auth/change-email', { newEmail }), 200);
    // Both links followed signed out: the address changes, no session is opened.
    const stranger = t.client();
    const confirm = linkIn((await t.mailTo(person.email))[0]?.text, 'verify-email');
    await expectStatus(stranger.get(`/api/auth/verify-email?token=${confirm}`), 200);
    const verify = linkIn((await t.mailTo(newEmail))[0]?.text, 'verify-email');
    await expectStatus(stranger.get(`/api/auth/verify-email?token=${verify}`), 200);
    expect(await me(stranger)).toBeNull();
    expect(await me(person.client)).toMatchObject({ email: newEmail });
    const browser = t.client();
    await expectChallenge(await browser.signIn(newEmail), browser);
  });

  it('a shared sign-in code asks for the second factor, then opens the shared session', async () => {
    const owner = await signUpPerson(t, 'sharer');
    const tenant = await ok<{ id: string }>(
      owner.client.post('/api/v1/tenants', { name: 'Shared Co' }),
      201,
    );
    const guest = await withTotp('shared-guest');
    await expectStatus(
      owner.client.post(`/api/v1/tenants/${tenant.id}/shares`, {
        email: guest.email,
        role: 'viewer',
      }),
      201,
    );
    const browser = t.client();
    await expectStatus(
      browser.post(`/api/v1/shared-signin/${tenant.id}/code`, { email: guest.email }),
      202,
    );
    const mail = (await t.mailTo(guest.email)).find((m) => /sign-in code/.test(m.subject));
    const code = /(\d{6})$/.exec(mail!.subject)![1]!;
    const res = await browser.post(`/api/v1/shared-signin/${tenant.id}/verify`, {
      email: guest.email,
      code,
    });
    expect(await (await expectStatus(res, 200)).json()).toEqual({
      tenantId: tenant.id,
      status: 'second-factor',
      methods: ['totp'],
    });
    expect(await me(browser)).toBeNull();
    await expectStatus(
      browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(guest.secret) }),
      200,
    );
    expect(await me(browser)).toMatchObject({
      isSharedUser: true,
      ttid: tenant.id,
      ptid: owner.tid,
      tid: null,
    });
    expect((await sessionsOf(browser)).find((s) => s.current)).toMatchObject({
      shared: true,
      signInMethod: 'shared_code',
      secondFactor: 'totp',
    });
  });

  it('without a second factor, the shared code signs in at once', async () => {
    const owner = await signUpPerson(t, 'sharer-plain');
    const tenant = await ok<{ id: string }>(
      owner.client.post('/api/v1/tenants', { name: 'Plain Co' }),
      201,
    );
    const email = uniqueEmail('plain-guest');
    await expectStatus(
      owner.client.post(`/api/v1/tenants/${tenant.id}/shares`, { email, role: 'viewer' }),
      201,
    );
    const browser = t.client();
    await browser.post(`/api/v1/shared-signin/${tenant.id}/code`, { email });
    const code = /(\d{6})$/.exec((await t.mailTo(email))[0]!.subject)![1]!;
    const res = await browser.post(`/api/v1/shared-signin/${tenant.id}/verify`, { email, code });
    expect(await (await expectStatus(res, 200)).json()).toEqual({
      tenantId: tenant.id,
      status: 'signed-in',
    });
    expect((await sessionsOf(browser))[0]).toMatchObject({
      signInMethod: 'shared_code',
      secondFactor: null,
    });
  });
});

describe('attempts are limited per user, across servers', () => {
  it('codes tried from many addresses on two servers stop at the limit, even the right one', async () => {
    const person = await withTotp('limited');
    // The enrolment's first code counted as one attempt.
    const allowed = SECOND_FACTOR_ATTEMPT_LIMIT.max - 1;
    const statuses: number[] = [];
    for (let i = 0; i < allowed + 1; i++) {
      // A new client each time: a new address, on one server then the other.
      const browser = (i % 2 === 0 ? t : t2).client();
      await expectChallenge(await browser.signIn(person.email), browser);
      const res = await browser.post('/api/auth/two-factor/verify-totp', { code: '000000' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, allowed).every((s) => s === 401)).toBe(true);
    expect(statuses[allowed]).toBe(429);
    for (const server of [t, t2]) {
      const browser = server.client();
      await expectChallenge(await browser.signIn(person.email), browser);
      const res = await browser.post('/api/auth/two-factor/verify-totp', {
        code: await totpCode(person.secret),
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { code: string }).code).toBe('TOO_MANY_SECOND_FACTOR_ATTEMPTS');
      expect(await me(browser)).toBeNull();
    }
    // Another user is not held back.
    const other = await withTotp('not-limited');
    const browser = t2.client();
    await expectChallenge(await browser.signIn(other.email), browser);
    await expectStatus(
      browser.post('/api/auth/two-factor/verify-totp', { code: await totpCode(other.secret) }),
      200,
    );
  });
});
