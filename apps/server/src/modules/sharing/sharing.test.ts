import { randomUUID } from 'node:crypto';
import { ShareListSchema, ShareSchema } from '@tenantry/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditLog,
  memberships,
  sessions,
  shareGrants,
  users,
} from '../../db/schema/index.ts';
import { setupTestApp, uniqueEmail, type TestApp, type TestClient } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import { addTenant } from '../../test/data.ts';
import { signUpPerson, type Person } from '../../test/people.ts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Person;

const signUpOwner = (prefix = 'owner') => signUpPerson(t, prefix, `${prefix} person`);

async function share(owner: Owner, tenantId: string, email: string, role = 'viewer') {
  return owner.client.post(`/api/v1/tenants/${tenantId}/shares`, { email, role });
}

async function grantRow(id: string) {
  const [row] = await t.database.db.select().from(shareGrants).where(eq(shareGrants.id, id));
  return row;
}

function codeFrom(subject: string): string {
  const m = /(\d{6})$/.exec(subject);
  if (!m?.[1]) throw new Error(`no code in ${subject}`);
  return m[1];
}

/** Shared sign-in through the API: asks for a code, reads it from the mailbox, verifies it. */
async function sharedSignIn(tenantId: string, email: string, browser = t.client()) {
  const sent = await browser.post(`/api/v1/shared-signin/${tenantId}/code`, { email });
  expect(sent.status).toBe(202);
  const [mail] = await t.mailTo(email.toLowerCase());
  if (!mail) throw new Error('no code e-mail');
  const res = await browser.post(`/api/v1/shared-signin/${tenantId}/verify`, {
    email,
    code: codeFrom(mail.subject),
  });
  await expectStatus(res, 200);
  return browser;
}

async function me(browser: TestClient) {
  const res = await browser.get('/api/v1/me');
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let a: Owner; // the sharing account
let b: Owner; // another account
let t1: string;
let t2: string;
let tb: string;

beforeAll(async () => {
  a = await signUpOwner('alpha');
  b = await signUpOwner('bravo');
  t1 = await addTenant(t, a.tid, 'Acme Ltd');
  t2 = await addTenant(t, a.tid, 'Globex');
  tb = await addTenant(t, b.tid, 'Bravo client');
});

describe('sharing a client tenant', () => {
  it('an owner shares a tenant: 201, the invitee gets a link to the shared sign-in, audited', async () => {
    const invitee = uniqueEmail('Guest').replace('guest', 'GuEsT');
    const res = await share(a, t1, `  ${invitee} `, 'contributor');
    expect(res.status).toBe(201);
    const body = ShareSchema.parse(await res.json());
    expect(body).toMatchObject({
      tenantId: t1,
      tenantName: 'Acme Ltd',
      email: invitee.toLowerCase(),
      role: 'contributor',
      lastUsedAt: null,
    });
    const [mail] = await t.mailTo(invitee.toLowerCase());
    expect(mail?.subject).toContain('Acme Ltd');
    // The link carries the share's id, with which the page names the account that shared.
    expect(mail?.text).toContain(`http://localhost:3000/sharedSignin/${t1}?share=${body.id}`);
    expect(mail?.text).toContain('alpha person');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, a.tid), eq(auditLog.targetId, body.id)));
    expect(audit.map((e) => e.action)).toEqual(['sharing.shared']);
  });

  it('sharing again with an address that has an active share answers 409 sharing.already_shared', async () => {
    const invitee = uniqueEmail('dup');
    expect((await share(a, t1, invitee)).status).toBe(201);
    const again = await share(a, t1, invitee.toUpperCase(), 'contributor');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
      'sharing.already_shared',
    );
    // Another tenant of the same account can still be shared with that address.
    expect((await share(a, t2, invitee)).status).toBe(201);
  });

  it.each([
    [{ email: 'not-an-address', role: 'viewer' }, 'email'],
    [{ email: '', role: 'viewer' }, 'email'],
    [{ email: 'x@example.com', role: 'owner' }, 'role'],
    [{ email: 'x@example.com' }, 'role'],
    [{ role: 'viewer' }, 'email'],
  ])('a bad body %j answers 400 naming the field %s', async (json, field) => {
    const res = await a.client.post(`/api/v1/tenants/${t1}/shares`, json);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('common.validation');
    expect(Object.keys(body.error.fields)).toContain(field);
  });

  it('lists the shares of a tenant and of the whole account with tenant names', async () => {
    const invitee = uniqueEmail('listed');
    const created = ShareSchema.parse(await (await share(a, t2, invitee)).json());
    const ofTenant = ShareListSchema.parse(
      await (await a.client.get(`/api/v1/tenants/${t2}/shares`)).json(),
    );
    expect(ofTenant.shares.map((s) => s.id)).toContain(created.id);
    expect(ofTenant.shares.every((s) => s.tenantId === t2)).toBe(true);
    const all = ShareListSchema.parse(await (await a.client.get('/api/v1/shares')).json());
    expect(all.shares.find((s) => s.id === created.id)?.tenantName).toBe('Globex');
    expect(new Set(all.shares.map((s) => s.tenantId))).toEqual(new Set([t1, t2]));
  });

  it('changes the role of a share (audited) and refuses an unknown role', async () => {
    const created = ShareSchema.parse(await (await share(a, t1, uniqueEmail('role'))).json());
    const res = await a.client.request(`/api/v1/shares/${created.id}`, {
      method: 'PATCH',
      json: { role: 'contributor' },
    });
    expect(res.status).toBe(200);
    expect(ShareSchema.parse(await res.json()).role).toBe('contributor');
    expect((await grantRow(created.id))?.role).toBe('contributor');
    const bad = await a.client.request(`/api/v1/shares/${created.id}`, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(bad.status).toBe(400);
    const audit = await t.database.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(eq(auditLog.targetId, created.id));
    expect(audit).toContainEqual({
      action: 'sharing.role_changed',
      data: expect.objectContaining({ from: 'viewer', to: 'contributor' }),
    });
  });

  it('revokes a share: 204, revoked_at set, gone from the lists, audited; a second revoke is 404', async () => {
    const created = ShareSchema.parse(await (await share(a, t1, uniqueEmail('revoke'))).json());
    const res = await a.client.request(`/api/v1/shares/${created.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect((await grantRow(created.id))?.revokedAt).toBeInstanceOf(Date);
    const list = ShareListSchema.parse(await (await a.client.get('/api/v1/shares')).json());
    expect(list.shares.map((s) => s.id)).not.toContain(created.id);
    const again = await a.client.request(`/api/v1/shares/${created.id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, created.id));
    expect(audit.map((e) => e.action)).toContain('sharing.revoked');
    // The address can be shared again after a revocation.
    expect((await share(a, t1, created.email)).status).toBe(201);
  });

  it('a tenant that does not exist answers 404 on share and list', async () => {
    expect((await share(a, randomUUID(), uniqueEmail())).status).toBe(404);
    expect((await a.client.get(`/api/v1/tenants/${randomUUID()}/shares`)).status).toBe(404);
  });

  it('signed out: 401 on every sharing route of an account', async () => {
    const anon = t.client();
    expect((await anon.get('/api/v1/shares')).status).toBe(401);
    expect((await anon.get(`/api/v1/tenants/${t1}/shares`)).status).toBe(401);
    expect((await share({ ...a, client: anon }, t1, uniqueEmail())).status).toBe(401);
    expect(
      (await anon.request(`/api/v1/shares/${randomUUID()}`, { method: 'DELETE' })).status,
    ).toBe(401);
  });
});

describe('who may share', () => {
  it('a member (role member) may read shares but not share, change or revoke (403)', async () => {
    const memberEmail = uniqueEmail('member');
    const member = t.client();
    await member.signUp({ email: memberEmail });
    const [u] = await t.database.db.select().from(users).where(eq(users.email, memberEmail));
    await t.database.db
      .insert(memberships)
      .values({ accountId: a.tid, userId: u!.id, role: 'member' });
    await t.database.db.update(users).set({ activeAccountId: a.tid }).where(eq(users.id, u!.id));
    const created = ShareSchema.parse(await (await share(a, t1, uniqueEmail('m'))).json());

    expect((await member.get(`/api/v1/tenants/${t1}/shares`)).status).toBe(200);
    expect((await member.get('/api/v1/shares')).status).toBe(200);
    const res = await member.post(`/api/v1/tenants/${t1}/shares`, {
      email: uniqueEmail(),
      role: 'viewer',
    });
    expect(res.status).toBe(403);
    const patch = await member.request(`/api/v1/shares/${created.id}`, {
      method: 'PATCH',
      json: { role: 'contributor' },
    });
    expect(patch.status).toBe(403);
    expect(
      (await member.request(`/api/v1/shares/${created.id}`, { method: 'DELETE' })).status,
    ).toBe(403);
    expect(await grantRow(created.id)).toMatchObject({ role: 'viewer', revokedAt: null });
  });

  it('another account gets 404 on our tenant’s shares and share ids, and nothing changes', async () => {
    const created = ShareSchema.parse(await (await share(a, t1, uniqueEmail('iso'))).json());
    const before = await grantRow(created.id);
    const grantsBefore = await t.database.db.select({ n: count() }).from(shareGrants);

    expect((await b.client.get(`/api/v1/tenants/${t1}/shares`)).status).toBe(404);
    expect((await share(b, t1, uniqueEmail())).status).toBe(404);
    const patch = await b.client.request(`/api/v1/shares/${created.id}`, {
      method: 'PATCH',
      json: { role: 'contributor' },
    });
    expect(patch.status).toBe(404);
    expect(
      (await b.client.request(`/api/v1/shares/${created.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const theirs = ShareListSchema.parse(await (await b.client.get('/api/v1/shares')).json());
    expect(theirs.shares).toEqual([]);

    expect(await grantRow(created.id)).toEqual(before);
    expect(await t.database.db.select({ n: count() }).from(shareGrants)).toEqual(grantsBefore);
    // And account A cannot reach B's tenant either.
    expect((await share(a, tb, uniqueEmail())).status).toBe(404);
  });
});

describe('who shared it: the shared sign-in page names the account (public, by share id)', () => {
  const sharer = (tenantId: string, shareId: string, browser = t.client()) =>
    browser.get(
      `/api/v1/shared-signin/${encodeURIComponent(tenantId)}/shares/${encodeURIComponent(shareId)}`,
    );

  async function answerOf(res: Response) {
    await expectStatus(res, 200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    return (await res.json()) as unknown;
  }

  beforeAll(async () => {
    await t.database.db
      .update(accounts)
      .set({ name: 'Alpha Consulting' })
      .where(eq(accounts.id, a.tid));
  });

  it('an active share: 200 with the sharing account’s name only, signed out', async () => {
    const invitee = uniqueEmail('named');
    const created = ShareSchema.parse(await (await share(a, t1, invitee)).json());
    const [mail] = await t.mailTo(invitee);
    const link = /http:\/\/localhost:3000(\/sharedSignin\/\S+)/.exec(mail?.text ?? '')?.[1];
    const shareId = new URL(link ?? '/', 'http://x').searchParams.get('share');
    expect(shareId).toBe(created.id);
    expect(await answerOf(await sharer(t1, shareId!))).toEqual({
      accountName: 'Alpha Consulting',
      // The brand its clients see (docs/branding.md): none set, so the name alone.
      brand: { name: 'Alpha Consulting', color: null, logoUrl: null },
    });
    // Anyone with the link may ask, signed in elsewhere or not; the answer is the same.
    expect(await answerOf(await sharer(t1, created.id, b.client))).toEqual({
      accountName: 'Alpha Consulting',
      brand: { name: 'Alpha Consulting', color: null, logoUrl: null },
    });
  });

  it('an unknown id, or a share of another tenant, answers the same shape with no name', async () => {
    const created = ShareSchema.parse(await (await share(a, t2, uniqueEmail('elsewhere'))).json());
    const answers = [
      await sharer(t1, randomUUID()),
      await sharer(t1, 'not-a-uuid'),
      await sharer(t1, created.id), // a real share, of t2
      await sharer(tb, created.id), // another account's tenant
      await sharer(randomUUID(), created.id),
    ];
    for (const res of answers)
      expect(await answerOf(res)).toEqual({ accountName: null, brand: null });
  });

  it('a revoked share answers no name', async () => {
    const created = ShareSchema.parse(await (await share(a, t1, uniqueEmail('revoked'))).json());
    expect(await answerOf(await sharer(t1, created.id))).toEqual({
      accountName: 'Alpha Consulting',
      brand: { name: 'Alpha Consulting', color: null, logoUrl: null },
    });
    const revoked = await a.client.request(`/api/v1/shares/${created.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    expect(await answerOf(await sharer(t1, created.id))).toEqual({
      accountName: null,
      brand: null,
    });
  });

  it('a malformed id answers 400 whether or not anything exists', async () => {
    for (const [tenantId, shareId] of [
      [t1, 'x'.repeat(101)],
      [t1, 'x\u0000y'],
      ['x\u0000y', randomUUID()],
    ] as const) {
      const res = await sharer(tenantId, shareId);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string } };
      expect(body.error.code).toBe('common.validation');
    }
  });

  it('is rate limited per client address (429 after 30 a minute)', async () => {
    const browser = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await sharer(t1, randomUUID(), browser)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not held back.
    expect((await sharer(t1, randomUUID())).status).toBe(200);
  });
});

describe('shared sign-in', () => {
  it('asking for a code without a share answers exactly as with one, and sends nothing', async () => {
    const shared = uniqueEmail('has-share');
    const stranger = uniqueEmail('no-share');
    await share(a, t1, shared);
    const browser = t.client();
    const withGrant = await browser.post(`/api/v1/shared-signin/${t1}/code`, { email: shared });
    const without = await browser.post(`/api/v1/shared-signin/${t1}/code`, { email: stranger });
    const otherTenant = await browser.post(`/api/v1/shared-signin/${t2}/code`, { email: shared });
    expect([withGrant.status, without.status, otherTenant.status]).toEqual([202, 202, 202]);
    const bodies = await Promise.all([withGrant.json(), without.json(), otherTenant.json()]);
    expect(bodies).toEqual([{ status: 'sent' }, { status: 'sent' }, { status: 'sent' }]);
    expect(await t.mailTo(stranger)).toEqual([]);
    const sharedMail = await t.mailTo(shared);
    // The invitation and exactly one code (none for the tenant not shared with them).
    expect(sharedMail.filter((m) => /sign-in code/.test(m.subject))).toHaveLength(1);
    expect(
      await t.database.db.select({ n: count() }).from(users).where(eq(users.email, stranger)),
    ).toEqual([{ n: 0 }]);
  });

  it('code → verify → /me: ptid = sharing account, ttid = tenant, no tid, shared user; no own account', async () => {
    const guest = uniqueEmail('guest');
    const created = ShareSchema.parse(await (await share(a, t1, guest, 'contributor')).json());
    const browser = await sharedSignIn(t1, guest);
    const { status, body } = await me(browser);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      email: guest,
      tid: null,
      ptid: a.tid,
      ttid: t1,
      isSharedUser: true,
      role: 'user',
    });
    const [u] = await t.database.db.select().from(users).where(eq(users.email, guest));
    expect(u?.emailVerified).toBe(true);
    expect(
      await t.database.db
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.userId, u!.id)),
    ).toEqual([{ n: 0 }]);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, u!.id));
    expect(session?.sharedTenantId).toBe(t1);
    expect((await grantRow(created.id))?.lastUsedAt).toBeInstanceOf(Date);
    // A second request (served from the verified-session cache) keeps the same claims and still
    // creates no account.
    expect((await me(browser)).body).toMatchObject({ tid: null, ttid: t1 });
    expect(
      await t.database.db
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.userId, u!.id)),
    ).toEqual([{ n: 0 }]);
  });

  it('the shared user is refused on account routes and on any other tenant', async () => {
    const guest = uniqueEmail('scoped');
    await share(a, t1, guest);
    const browser = await sharedSignIn(t1, guest);
    expect((await browser.get('/api/v1/shares')).status).toBe(403);
    expect((await browser.get(`/api/v1/tenants/${t1}/shares`)).status).toBe(403);
    expect((await browser.get('/api/v1/members')).status).toBe(403);
    expect((await browser.get('/api/v1/system/mailbox')).status).toBe(403);
    expect(
      (
        await browser.post(`/api/v1/tenants/${t1}/shares`, {
          email: uniqueEmail(),
          role: 'viewer',
        })
      ).status,
    ).toBe(403);
    // The tenant API (modules/tenants) lets them read their tenant only.
    expect((await browser.get(`/api/v1/tenants/${t1}`)).status).toBe(200);
    expect((await browser.get(`/api/v1/tenants/${t2}`)).status).toBe(404);
    expect((await browser.get(`/api/v1/tenants/${tb}`)).status).toBe(404);
  });

  it('a wrong code, an address without a share and a malformed code all fail alike', async () => {
    const guest = uniqueEmail('wrong');
    await share(a, t1, guest);
    const browser = t.client();
    await browser.post(`/api/v1/shared-signin/${t1}/code`, { email: guest });
    const [mail] = await t.mailTo(guest);
    const good = codeFrom(mail!.subject);
    const wrong = good === '000000' ? '111111' : '000000';
    const res = await browser.post(`/api/v1/shared-signin/${t1}/verify`, {
      email: guest,
      code: wrong,
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code).toBe('sharing.invalid_code');
    const noShare = await browser.post(`/api/v1/shared-signin/${t2}/verify`, {
      email: guest,
      code: good,
    });
    expect(noShare.status).toBe(400);
    expect(((await noShare.json()) as { error: { code: string } }).error.code).toBe(
      'sharing.invalid_code',
    );
    const malformed = await browser.post(`/api/v1/shared-signin/${t1}/verify`, {
      email: guest,
      code: '12ab',
    });
    expect(malformed.status).toBe(400);
    expect(browser.cookies.size).toBe(0);
    // The right code still works after one wrong try (3 tries per code).
    const ok = await browser.post(`/api/v1/shared-signin/${t1}/verify`, {
      email: guest,
      code: good,
    });
    expect(ok.status).toBe(200);
    // A code works once.
    const reuse = await t.client().post(`/api/v1/shared-signin/${t1}/verify`, {
      email: guest,
      code: good,
    });
    expect(reuse.status).toBe(400);
  });

  it('revoking a share refuses its shared user on the very next request (cached session or not)', async () => {
    const guest = uniqueEmail('revoked');
    const created = ShareSchema.parse(await (await share(a, t1, guest)).json());
    const browser = await sharedSignIn(t1, guest);
    expect((await me(browser)).status).toBe(200);
    // The verified session now sits in the app's in-process cache. Revoke in the database only
    // (sessions untouched): the cache still names a valid session, and the claims must refuse.
    await t.database.db
      .update(shareGrants)
      .set({ revokedAt: new Date() })
      .where(eq(shareGrants.id, created.id));
    expect((await me(browser)).body).toBeNull();
    expect((await browser.get(`/api/v1/tenants/${t1}`)).status).toBe(401);
  });

  it('revoking through the API: next request 401, and the shared sessions are ended', async () => {
    const guest = uniqueEmail('api-revoke');
    const created = ShareSchema.parse(await (await share(a, t1, guest)).json());
    const browser = await sharedSignIn(t1, guest);
    expect((await me(browser)).status).toBe(200);
    const res = await a.client.request(`/api/v1/shares/${created.id}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect((await me(browser)).body).toBeNull();
    const [u] = await t.database.db.select().from(users).where(eq(users.email, guest));
    expect(
      await t.database.db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, u!.id), eq(sessions.sharedTenantId, t1))),
    ).toEqual([{ n: 0 }]);
    // Asking for a code now sends nothing.
    const before = (await t.mailTo(guest)).length;
    expect(
      (await t.client().post(`/api/v1/shared-signin/${t1}/code`, { email: guest })).status,
    ).toBe(202);
    expect((await t.mailTo(guest)).length).toBe(before);
  });

  it('a person with shares on two tenants picks the tenant by the link they use', async () => {
    const guest = uniqueEmail('two');
    await share(a, t1, guest);
    await share(a, t2, guest);
    const one = await sharedSignIn(t1, guest);
    const two = await sharedSignIn(t2, guest);
    expect((await me(one)).body).toMatchObject({ ttid: t1, ptid: a.tid });
    expect((await me(two)).body).toMatchObject({ ttid: t2, ptid: a.tid });
    expect((await one.get(`/api/v1/tenants/${t2}`)).status).toBe(404);
    expect((await two.get(`/api/v1/tenants/${t2}`)).status).toBe(200);
  });

  it('a member of an account who signs in through a shared link gets a shared session; their own stays', async () => {
    // B's address is verified (an unverified address would lose its password: Better Auth
    // strips access that predates the proof of the address).
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, b.email));
    await share(a, t2, b.email);
    const sharedBrowser = await sharedSignIn(t2, b.email);
    expect((await me(sharedBrowser)).body).toMatchObject({
      tid: null,
      ptid: a.tid,
      ttid: t2,
      isSharedUser: true,
    });
    expect((await sharedBrowser.get('/api/v1/shares')).status).toBe(403);
    // Their ordinary session still acts for their own account.
    expect((await me(b.client)).body).toMatchObject({ tid: b.tid, ptid: null });
    const owned = await t.database.db
      .select({ n: count() })
      .from(accounts)
      .innerJoin(memberships, eq(memberships.accountId, accounts.id))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.email, b.email));
    expect(owned).toEqual([{ n: 1 }]);
  });

  it('Better Auth’s own e-mail code endpoints are not served over HTTP', async () => {
    const browser = t.client();
    const email = uniqueEmail('direct');
    const send = await browser.post('/api/auth/email-otp/send-verification-otp', {
      email,
      type: 'sign-in',
    });
    expect(send.status).toBe(404);
    const signIn = await browser.post('/api/auth/sign-in/email-otp', { email, otp: '123456' });
    expect(signIn.status).toBe(404);
    expect(await t.mailTo(email)).toEqual([]);
  });

  it('asking for codes is rate limited per client address (429 after 5 a minute)', async () => {
    const browser = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await browser.post(`/api/v1/shared-signin/${t1}/code`, {
        email: uniqueEmail('rl'),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('bad bodies of the shared sign-in answer 400', async () => {
    const browser = t.client();
    expect((await browser.post(`/api/v1/shared-signin/${t1}/code`, {})).status).toBe(400);
    expect((await browser.post(`/api/v1/shared-signin/${t1}/code`, { email: 'nope' })).status).toBe(
      400,
    );
    expect(
      (await browser.post(`/api/v1/shared-signin/${t1}/verify`, { email: 'x@example.com' })).status,
    ).toBe(400);
  });

  it('only active grants remain in the lists after all of the above', async () => {
    const active = await t.database.db
      .select({ n: count() })
      .from(shareGrants)
      .where(and(eq(shareGrants.accountId, a.tid), isNull(shareGrants.revokedAt)));
    const list = ShareListSchema.parse(await (await a.client.get('/api/v1/shares')).json());
    expect(list.shares.length).toBe(active[0]!.n);
  });
});
