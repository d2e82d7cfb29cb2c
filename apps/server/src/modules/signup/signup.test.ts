import { ErrorBodySchema } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp, type TestClient } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'correct-horse-battery';

/** The sign-up request alone (no code step), as an outsider sees it. */
async function signUpRequest(client: TestClient, email: string) {
  const res = await client.post('/api/auth/sign-up/email', {
    email,
    password: PASSWORD,
    name: 'Pat',
  });
  return {
    status: res.status,
    setCookie: res.headers.getSetCookie(),
    body: (await res.json()) as { token: unknown; user: Record<string, unknown> },
  };
}

async function codeFor(email: string): Promise<string | undefined> {
  const mail = (await t.mailTo(email)).find((m) => m.subject.startsWith('Your Tenantry code: '));
  return mail?.subject.replace('Your Tenantry code: ', '');
}

/** The body with its per-request values (ids, times) masked, to compare shapes. */
function shape(body: { token: unknown; user: Record<string, unknown> }) {
  const user = Object.fromEntries(
    Object.entries(body.user).map(([k, v]) => [
      k,
      ['id', 'createdAt', 'updatedAt'].includes(k) ? typeof v : v,
    ]),
  );
  return { token: body.token, user };
}

describe('sign-up does not reveal who is registered', () => {
  it('a new and a taken address get the same answer: 200, the same body, no session', async () => {
    const taken = uniqueEmail('taken');
    await t.client().signUp({ email: taken });
    const fresh = uniqueEmail('fresh');

    const a = await signUpRequest(t.client(), taken);
    const b = await signUpRequest(t.client(), fresh);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.setCookie).toEqual([]);
    expect(b.setCookie).toEqual([]);
    expect(shape(a.body)).toEqual({
      ...shape(b.body),
      user: { ...shape(b.body).user, email: taken },
    });
    expect(a.body.token).toBeNull();

    // Behind the scenes they differ only in the mail: a code for the new address, a notice for
    // the taken one (its owner learns someone tried), and one user row each.
    expect(await codeFor(fresh)).toMatch(/^\d{6}$/);
    const takenMail = (await t.mailTo(taken)).map((m) => m.subject);
    expect(takenMail).toContain('Someone tried to create an account with your address');
    expect(await t.database.db.select().from(users).where(eq(users.email, taken))).toHaveLength(1);
  });

  it('the code step answers the same to a guess for a taken address and a wrong code', async () => {
    const taken = uniqueEmail('taken');
    await t.client().signUp({ email: taken });
    const fresh = uniqueEmail('fresh');
    await signUpRequest(t.client(), fresh);
    const guess = async (email: string) => {
      const res = await t.client().post('/api/v1/signup/verify', { email, code: '000000' });
      const body = ErrorBodySchema.parse(await res.json());
      return { status: res.status, code: body.error.code, message: body.error.message };
    };
    const onTaken = await guess(taken);
    const onFresh = await guess(fresh);
    const onNobody = await guess(uniqueEmail('nobody'));
    expect(onTaken).toEqual({
      status: 400,
      code: 'auth.invalid_code',
      message: expect.stringContaining('not valid'),
    });
    expect(onFresh).toEqual(onTaken);
    expect(onNobody).toEqual(onTaken);
  });

  it('the code from the e-mail proves the address and signs in; it works once', async () => {
    const email = uniqueEmail('newbie');
    const browser = t.client();
    await signUpRequest(browser, email);
    expect(await (await browser.get('/api/v1/me')).json()).toBeNull();
    const code = (await codeFor(email))!;
    const res = await browser.post('/api/v1/signup/verify', { email, code });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'signed-in' });
    expect(await (await browser.get('/api/v1/me')).json()).toMatchObject({
      email,
      emailVerified: true,
      tid: expect.any(String),
    });
    const again = await t.client().post('/api/v1/signup/verify', { email, code });
    expect(again.status).toBe(400);
  });

  it('signing in before entering the code is refused until a new code is used', async () => {
    const email = uniqueEmail('later');
    await signUpRequest(t.client(), email);
    const browser = t.client();
    const early = await browser.signIn(email, PASSWORD);
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');
    // A wrong password still answers like any wrong password: nothing about the address.
    expect((await t.client().signIn(email, 'wrong-password')).status).toBe(401);

    const sent = await browser.post('/api/v1/signup/code', { email });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ status: 'sent' });
    const code = (await codeFor(email))!;
    expect((await browser.post('/api/v1/signup/verify', { email, code })).status).toBe(200);
    expect((await t.client().signIn(email, PASSWORD)).status).toBe(200);
  });

  it('asking for a new code answers the same for any address; a proven one gets no code', async () => {
    const proven = uniqueEmail('proven');
    await t.client().signUp({ email: proven });
    const before = (await t.mailTo(proven)).length;
    const ask = async (email: string) => {
      const res = await t.client().post('/api/v1/signup/code', { email });
      return { status: res.status, body: await res.json() };
    };
    const a = await ask(proven);
    const b = await ask(uniqueEmail('nobody'));
    expect(a).toEqual({ status: 202, body: { status: 'sent' } });
    expect(b).toEqual(a);
    expect(await t.mailTo(proven)).toHaveLength(before);
  });

  it('bad input gets 400 naming the field', async () => {
    const res = await t.client().post('/api/v1/signup/verify', { email: 'x', code: '12' });
    expect(res.status).toBe(400);
    const { fields } = ErrorBodySchema.parse(await res.json()).error;
    expect(Object.keys(fields ?? {}).sort()).toEqual(['code', 'email']);
  });
});
