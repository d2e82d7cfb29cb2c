import { CurrentUserSchema, ErrorBodySchema } from '@tenantry/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp, type TestClient } from '../test/app.ts';
import { runCliCommand } from '../modules/users/users.cli.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function me(browser: TestClient) {
  const res = await browser.get('/api/v1/me');
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function tokenFrom(text: string, page: string): string {
  const match = new RegExp(`http://localhost:3000${page}\\?token=([^\\s"&<]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in:\n${text}`);
  return decodeURIComponent(match[1]);
}

describe('sign-up and the current user', () => {
  it('a new user signs up, is signed in, and /me answers the seed fields with their own account', async () => {
    const browser = t.client();
    const email = uniqueEmail('ada');
    const res = await browser.signUp({ email, name: 'Ada Lovelace' });
    expect(res.status).toBe(200);
    const { status, body } = await me(browser);
    expect(status).toBe(200);
    const user = CurrentUserSchema.strict().parse(body);
    expect(user).toMatchObject({
      email,
      displayName: 'Ada Lovelace',
      ptid: null,
      ttid: null,
      role: 'user',
      isSharedUser: false,
      isSystemDev: false,
      // The code from the e-mail proved the address before the first session.
      emailVerified: true,
    });
    expect(user.tid).toEqual(expect.any(String));
    expect(Date.parse(user.createdAt)).not.toBeNaN();
    // Exactly one own account, owned by the user.
    const rows = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, user.uid));
    expect(rows).toEqual([expect.objectContaining({ accountId: user.tid, role: 'owner' })]);
  });

  it('a signed-out visitor is told null by /me, and 401 in the one error shape elsewhere', async () => {
    const res = await t.client().get('/api/v1/me');
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    const tenants = await t.client().get('/api/v1/tenants');
    expect(tenants.status).toBe(401);
    const body = ErrorBodySchema.parse(await tenants.json());
    expect(body.error.code).toBe('common.unauthenticated');
    expect(body.error.requestId).toBe(tenants.headers.get('x-request-id'));
  });

  it('a sign-up body cannot make its author a system admin or developer', async () => {
    const browser = t.client();
    const email = uniqueEmail('mallory');
    const res = await browser.post('/api/auth/sign-up/email', {
      email,
      password: 'correct-horse-battery',
      name: 'Mallory',
      isSystemAdmin: true,
      isSystemDev: true,
    });
    // Better Auth drops fields marked input: false; our create hook forces them off too.
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isSystemAdmin: false, isSystemDev: false });
  });

  it('passwords shorter than 8 characters are refused', async () => {
    const res = await t.client().signUp({ email: uniqueEmail(), password: 'short' });
    expect(res.status).toBe(400);
  });

  it('signing out ends the session', async () => {
    const browser = t.client();
    await browser.signUp({ email: uniqueEmail() });
    expect((await me(browser)).status).toBe(200);
    const out = await browser.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect((await me(browser)).body).toBeNull();
  });

  it('a signed-out cookie replayed at once is refused (no cached session survives sign-out)', async () => {
    const browser = t.client();
    await browser.signUp({ email: uniqueEmail() });
    expect((await me(browser)).status).toBe(200);
    expect((await me(browser)).status).toBe(200); // now served from the verified-session cache
    const stolen = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await browser.post('/api/auth/sign-out', {})).status).toBe(200);
    const replay = await t.app.request('/api/v1/tenants', { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
    const meReplay = await t.app.request('/api/v1/me', { headers: { cookie: stolen } });
    expect(await meReplay.json()).toBeNull();
  });

  it('signing up with a taken address looks like success and tells the owner by e-mail', async () => {
    const email = uniqueEmail('taken');
    await t.client().signUp({ email });
    const again = await t.client().signUp({ email, password: 'another-password-1' });
    expect(again.status).toBe(200);
    const body = (await again.json()) as { token: unknown; user: { email: string } };
    expect(body.token).toBeNull();
    expect(body.user.email).toBe(email);
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, email));
    expect(n).toBe(1);
    const mail = await t.mailTo(email);
    expect(mail.map((m) => m.subject)).toContain(
      'Someone tried to create an account with your address',
    );
  });
});

describe('e-mail verification and password reset', () => {
  it('"send the link again" e-mails a link that verifies the address', async () => {
    const browser = t.client();
    const email = uniqueEmail('verify');
    // Signed up but never entered the code: the address is unproven and there is no session.
    expect(
      (
        await browser.post('/api/auth/sign-up/email', {
          email,
          password: 'correct-horse-battery',
          name: 'V',
        })
      ).status,
    ).toBe(200);
    await browser.post('/api/auth/send-verification-email', { email });
    const mail = (await t.mailTo(email)).find((m) => m.subject === 'Confirm your e-mail address');
    const token = tokenFrom(mail!.text, '/verify-email');
    const res = await browser.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    // Proving the address also signs in.
    expect((await me(browser)).body.emailVerified).toBe(true);
  });

  it('forgot-password answers the same for a known and an unknown address', async () => {
    const known = uniqueEmail('known');
    await t.client().signUp({ email: known });
    const ask = async (email: string) => {
      const res = await t.client().post('/api/auth/request-password-reset', { email });
      return { status: res.status, body: await res.text() };
    };
    const a = await ask(known);
    const b = await ask(uniqueEmail('nobody'));
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
  });

  it('the reset link sets a new password; the old one stops working', async () => {
    const email = uniqueEmail('reset');
    await t.client().signUp({ email, password: 'old-password-1' });
    await t.client().post('/api/auth/request-password-reset', { email });
    const mail = (await t.mailTo(email)).find((m) => m.subject === 'Reset your password');
    const token = tokenFrom(mail!.text, '/reset-password');
    const reset = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'new-password-2' });
    expect(reset.status).toBe(200);
    expect((await t.client().signIn(email, 'old-password-1')).status).toBe(401);
    const browser = t.client();
    expect((await browser.signIn(email, 'new-password-2')).status).toBe(200);
    expect((await me(browser)).body.email).toBe(email);
    // A token works once.
    const again = await t
      .client()
      .post('/api/auth/reset-password', { token, newPassword: 'third-password-3' });
    expect(again.status).toBe(400);
  });
});

describe('sign-in', () => {
  it('a wrong password and an unknown address get the same answer', async () => {
    const email = uniqueEmail('pw');
    await t.client().signUp({ email });
    const wrong = await t.client().signIn(email, 'wrong-password');
    const unknown = await t.client().signIn(uniqueEmail('ghost'), 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it('is rate limited per client address: the 11th attempt in a minute gets 429', async () => {
    const attacker = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await attacker.signIn('victim@example.com', `guess-${i}`)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await t.client().signIn('victim@example.com', 'guess')).status).toBe(401);
  });
});

describe('system roles', () => {
  it('grant-admin makes the user a system admin at once; revoke-admin takes it back', async () => {
    const browser = t.client();
    const email = uniqueEmail('admin');
    await browser.signUp({ email });
    const granted = await runCliCommand(t.database.db, ['grant-admin', email]);
    expect(granted.exitCode).toBe(0);
    expect((await me(browser)).body.role).toBe('systemadmin');
    await runCliCommand(t.database.db, ['revoke-admin', email]);
    expect((await me(browser)).body.role).toBe('user');
    await runCliCommand(t.database.db, ['grant-dev', email.toUpperCase()]);
    expect((await me(browser)).body.isSystemDev).toBe(true);
  });

  it('the CLI refuses an unknown address or command', async () => {
    const unknown = await runCliCommand(t.database.db, ['grant-admin', 'nobody@example.com']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.output).toMatch(/No user/);
    const bad = await runCliCommand(t.database.db, ['make-king', 'x@example.com']);
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toMatch(/Unknown command/);
  });
});

describe('SYSTEM_ADMIN_EMAILS', () => {
  it('makes a listed address a system admin at sign-up and at sign-in', async () => {
    const listedNew = uniqueEmail('boss');
    const listedExisting = uniqueEmail('founder');
    // The existing user signs up while the setting does not list them yet.
    await t.client().signUp({ email: listedExisting });
    const t2 = await setupTestApp({
      database: t.database,
      config: { systemAdminEmails: [listedNew, listedExisting] },
    });
    const a = t2.client();
    await a.signUp({ email: listedNew });
    expect((await me(a)).body.role).toBe('systemadmin');
    const b = t2.client();
    expect((await b.signIn(listedExisting)).status).toBe(200);
    expect((await me(b)).body.role).toBe('systemadmin');
    const c = t2.client();
    await c.signUp({ email: uniqueEmail('other') });
    expect((await me(c)).body.role).toBe('user');
  });
});
