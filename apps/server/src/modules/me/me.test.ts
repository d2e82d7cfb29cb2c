import { ErrorBodySchema, SessionListSchema } from '@tenantry/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import type { TestClient } from '../../test/app.ts';
import { setupTestApp, uniqueEmail, type TestApp } from '../../test/app.ts';
import { signUpPerson } from '../../test/people.ts';

let t: TestApp;
/** A second server process on the same database (no shared memory with the first). */
let t2: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  t2 = await setupTestApp({ database: t.database });
});
afterAll(async () => {
  await t?.close();
});

/** A second browser of the same person, signed in on `app` (default: the first server). */
async function secondBrowser(email: string, app: TestApp = t): Promise<TestClient> {
  const browser = app.client();
  expect((await browser.signIn(email)).status).toBe(200);
  expect((await browser.get('/api/v1/me')).status).toBe(200);
  return browser;
}

/** `/api/v1/me` answers null: this browser is signed out (its session ended). */
async function signedOut(browser: TestClient): Promise<boolean> {
  const res = await browser.get('/api/v1/me');
  return res.status === 200 && (await res.json()) === null;
}

async function sessionList(browser: TestClient) {
  const res = await browser.get('/api/v1/me/sessions');
  expect(res.status).toBe(200);
  return SessionListSchema.parse(await res.json()).sessions;
}

describe('sessions of the signed-in user', () => {
  it('lists my sessions with device, address and activity, this one marked current', async () => {
    const me = await signUpPerson(t, 'lister');
    const other = await secondBrowser(me.email);
    const list = await sessionList(me.client);
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]).toMatchObject({ shared: false });
    expect(Date.parse(list[0]!.lastActiveAt)).not.toBeNaN();
    // The other browser sees the same two, with its own marked current.
    const fromOther = await sessionList(other);
    expect(fromOther.map((s) => s.id).sort()).toEqual(list.map((s) => s.id).sort());
    expect(fromOther.find((s) => s.current)?.id).not.toBe(list.find((s) => s.current)?.id);
  });

  it('ending the other sessions signs the other browser out on its next request, on another server too', async () => {
    const me = await signUpPerson(t, 'ender');
    const onSecondServer = await secondBrowser(me.email, t2);
    const onFirstServer = await secondBrowser(me.email);
    const res = await me.client.post('/api/v1/me/sessions/end-others', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    // Both were verified (and cached) by their servers a moment ago; both are refused now.
    expect(await signedOut(onSecondServer)).toBe(true);
    expect(await signedOut(onFirstServer)).toBe(true);
    expect((await onSecondServer.get('/api/v1/tenants')).status).toBe(401);
    // The one that asked stays signed in.
    expect((await me.client.get('/api/v1/me')).status).toBe(200);
    expect(await sessionList(me.client)).toHaveLength(1);
  });

  it('ends one session by id; another person’s session id is not found and stays', async () => {
    const me = await signUpPerson(t, 'one');
    const other = await secondBrowser(me.email);
    const target = (await sessionList(me.client)).find((s) => !s.current)!;
    const stranger = await signUpPerson(t, 'stranger');
    const refused = await stranger.client.request(`/api/v1/me/sessions/${target.id}`, {
      method: 'DELETE',
    });
    expect(refused.status).toBe(404);
    expect(ErrorBodySchema.parse(await refused.json()).error.code).toBe('common.not_found');
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.id, target.id)),
    ).toHaveLength(1);
    expect((await other.get('/api/v1/me')).status).toBe(200);

    const ended = await me.client.request(`/api/v1/me/sessions/${target.id}`, { method: 'DELETE' });
    expect(ended.status).toBe(204);
    expect(await signedOut(other)).toBe(true);
    expect((await me.client.get('/api/v1/me')).status).toBe(200);
  });

  it('changing the password ends the other sessions, even when the client does not ask', async () => {
    const me = await signUpPerson(t, 'changer');
    const other = await secondBrowser(me.email, t2);
    const res = await me.client.post('/api/auth/change-password', {
      currentPassword: 'correct-horse-battery',
      newPassword: 'a-brand-new-secret',
      revokeOtherSessions: false,
    });
    expect(res.status).toBe(200);
    expect(await signedOut(other)).toBe(true);
    expect((await me.client.get('/api/v1/me')).status).toBe(200);
    expect((await t.client().signIn(me.email, 'a-brand-new-secret')).status).toBe(200);
  });

  it('a signed-out visitor gets 401 on every sessions route', async () => {
    const anon = t.client();
    expect((await anon.get('/api/v1/me/sessions')).status).toBe(401);
    expect((await anon.post('/api/v1/me/sessions/end-others', {})).status).toBe(401);
    expect((await anon.request('/api/v1/me/sessions/x', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('profile', () => {
  it('changes my display name, trimmed; a name over 100 characters is refused', async () => {
    const me = await signUpPerson(t, 'renamer');
    const res = await me.client.request('/api/v1/me', {
      method: 'PATCH',
      json: { displayName: '  Ada Lovelace  ' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ displayName: 'Ada Lovelace' });
    expect(await (await me.client.get('/api/v1/me')).json()).toMatchObject({
      displayName: 'Ada Lovelace',
    });

    const long = await me.client.request('/api/v1/me', {
      method: 'PATCH',
      json: { displayName: 'x'.repeat(10_000) },
    });
    expect(long.status).toBe(400);
    expect(ErrorBodySchema.parse(await long.json()).error.fields).toHaveProperty('displayName');
    // Better Auth's own update endpoint keeps the same limit.
    const direct = await me.client.post('/api/auth/update-user', { name: 'y'.repeat(10_000) });
    expect(direct.status).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.uid));
    expect(row?.name).toBe('Ada Lovelace');
  });

  it('sign-up refuses a 10,000-character name', async () => {
    const res = await t.client().signUp({ email: uniqueEmail('long'), name: 'z'.repeat(10_000) });
    expect(res.status).toBe(400);
  });

  it('changes the e-mail address only once the old address confirms and the new one is verified', async () => {
    const me = await signUpPerson(t, 'mover');
    const newEmail = uniqueEmail('moved');
    const res = await me.client.post('/api/auth/change-email', { newEmail });
    expect(res.status).toBe(200);
    const linkIn = async (to: string) => {
      const [mail] = await t.mailTo(to);
      const token = /verify-email\?token=([^\s"&<]+)/.exec(mail?.text ?? '')?.[1];
      expect(token, mail?.text).toBeTruthy();
      return token!;
    };
    // The (proven) current address confirms first; nothing changes yet.
    const confirm = await linkIn(me.email);
    expect(await (await me.client.get('/api/v1/me')).json()).toMatchObject({ email: me.email });
    expect((await t.client().get(`/api/auth/verify-email?token=${confirm}`)).status).toBeLessThan(
      400,
    );
    // Then the new address gets its link; following it moves the account.
    const verify = await linkIn(newEmail);
    expect((await t.client().get(`/api/auth/verify-email?token=${verify}`)).status).toBeLessThan(
      400,
    );
    expect(await (await me.client.get('/api/v1/me')).json()).toMatchObject({ email: newEmail });
  });
});
