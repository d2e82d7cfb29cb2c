import { SSO_ERROR_CODES, SSO_REFUSALS } from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import {
  auditLog,
  authCredentials,
  memberships,
  ssoProviders,
  subscriptions,
  users,
} from '../../db/schema/index.ts';
import { setupTestApp, TEST_PUBLIC_URL, type TestApp, type TestClient } from '../../test/app.ts';
import { addTenant } from '../../test/data.ts';
import { expectStatus } from '../../test/http.ts';
import { waitFor } from '../../test/jobs.ts';
import { startTestIdp, type TestIdp } from '../../test/oidc-idp.ts';
import { addMember, errorCode, signUpPerson, type Person } from '../../test/people.ts';
import { connectIdp, IdpBrowser, SSO, ssoSignIn, uniqueDomain } from '../../test/sso.ts';

// Single sign-on against a real OpenID provider (oidc-provider) on 127.0.0.1 (docs/sso.md):
// every step a browser takes, through the provider's own login page.

let t: TestApp;
let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp();
  t = await setupTestApp({ config: { ssoIdpOrigins: [idp.issuer] } });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const PASSWORD = 'idp-password-1';
const HOME = `${TEST_PUBLIC_URL}/`;

async function claimsOf(client: TestClient) {
  const me = await client.get('/api/v1/me');
  await expectStatus(me, 200);
  return (await me.json()) as { uid: string; tid: string; email: string; emailVerified: boolean };
}

/** Signed out: `/api/v1/me` answers `null` (or 401). */
async function expectSignedOut(client: TestClient) {
  const me = await client.get('/api/v1/me');
  if (me.status === 401) return;
  await expectStatus(me, 200);
  expect(await me.json()).toBeNull();
}

async function roleIn(accountId: string, userId: string) {
  const [row] = await t.database.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return row?.role ?? null;
}

/** An account on Business connected to the provider, with a proven domain and one person there. */
async function connected(settings: Parameters<typeof connectIdp>[4] = {}) {
  const owner = await signUpPerson(t, 'sso-owner');
  const domain = uniqueDomain();
  await connectIdp(t, owner, idp, domain, settings);
  const email = `alice@${domain}`;
  idp.addPerson({ email, password: PASSWORD, name: 'Alice Example' });
  return { owner, domain, email };
}

describe('sign-in through the identity provider', { timeout: 90_000 }, () => {
  it('a first sign-in makes a verified user and a member with the default role; the next signs the same user in', async () => {
    const { owner, email } = await connected({ defaultRole: 'admin' });
    const browser = t.client();
    const first = await ssoSignIn(browser, idp, email, { email, password: PASSWORD });
    expect(first).toEqual({ landed: HOME, stoppedAt: null });
    const claims = await claimsOf(browser);
    expect(claims).toMatchObject({ tid: owner.tid, email, emailVerified: true });
    expect(await roleIn(owner.tid, claims.uid)).toBe('admin');
    // No account of their own: they joined the provider's.
    const all = await t.database.db
      .select({ accountId: memberships.accountId })
      .from(memberships)
      .where(eq(memberships.userId, claims.uid));
    expect(all).toEqual([{ accountId: owner.tid }]);
    const joined = await t.database.db
      .select({ data: auditLog.data, actor: auditLog.actorEmail })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'sso.member_joined')));
    expect(joined).toEqual([{ actor: email, data: { email, role: 'admin', tenantAccess: 'all' } }]);
    // The sign-in is a security event like any other, by its method.
    const events = await queryRows<{ method: string }>(
      t.database.db,
      sql`select data->>'method' as method from audit_log
        where action = 'auth.signed_in' and actor_user_id = ${claims.uid}`,
    );
    expect(events).toEqual([{ method: 'sso' }]);

    const again = t.client();
    const second = await ssoSignIn(again, idp, email, { email, password: PASSWORD });
    expect(second.landed).toBe(HOME);
    expect((await claimsOf(again)).uid).toBe(claims.uid);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const joinedAgain = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'sso.member_joined')));
    expect(joinedAgain).toHaveLength(1);
    // The provider's tokens are stored encrypted.
    const [link] = await t.database.db
      .select()
      .from(authCredentials)
      .where(eq(authCredentials.userId, claims.uid));
    expect(link?.providerId).toMatch(/^sso-/);
    expect(link?.accessToken).toBeTruthy();
    expect(link?.accessToken?.split('.')).not.toHaveLength(3);
  });

  it('a new member gets the default client-tenant access: only tenants with the chosen tags', async () => {
    const { owner, email } = await connected({
      defaultTenantAccess: 'tags',
      defaultTenantTags: ['team-north'],
    });
    const north = await addTenant(t, owner.tid, 'North Ltd', ['team-north']);
    const south = await addTenant(t, owner.tid, 'South Ltd', ['team-south']);
    const browser = t.client();
    expect((await ssoSignIn(browser, idp, email, { email, password: PASSWORD })).landed).toBe(HOME);
    const listed = (await (await browser.get('/api/v1/tenants')).json()) as {
      tenants: Array<{ id: string }>;
    };
    expect(listed.tenants.map((x) => x.id)).toEqual([north]);
    expect((await browser.get(`/api/v1/tenants/${south}`)).status).toBe(404);
    const [joined] = await t.database.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'sso.member_joined')));
    expect(joined?.data).toMatchObject({ tenantAccess: 'tags', tags: ['team-north'] });
  });

  it('lands on `next` after signing in', async () => {
    const { email } = await connected();
    const browser = t.client();
    const login = { email, password: PASSWORD };
    const attempt = await ssoSignIn(browser, idp, email, login, undefined, '/tenant?q=a');
    expect(attempt.landed).toBe(`${TEST_PUBLIC_URL}/tenant?q=a`);
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const bad = await t.client().post('/api/v1/sso/sign-in', { email, next });
      expect(bad.status, next).toBe(400);
    }
  });

  it('an existing user at the domain is signed in as themselves and joins the account', async () => {
    const { owner, domain } = await connected();
    const bob = t.client();
    const email = `bob@${domain}`;
    expect((await bob.signUp({ email, name: 'Bob Password' })).status).toBe(200);
    const own = await claimsOf(bob);
    expect(own.tid).not.toBe(owner.tid);
    idp.addPerson({ email, password: PASSWORD, name: 'Bob From Provider' });

    const browser = t.client();
    const attempt = await ssoSignIn(browser, idp, email, { email, password: PASSWORD });
    expect(attempt.landed).toBe(HOME);
    const claims = await claimsOf(browser);
    expect(claims.uid).toBe(own.uid);
    // Acting for the account they signed in to; their own account stays theirs.
    expect(claims.tid).toBe(owner.tid);
    expect(await roleIn(owner.tid, own.uid)).toBe('member');
    expect(await roleIn(own.tid, own.uid)).toBe('owner');
  });

  it('refuses a person whose address is outside the account’s domains; nothing is written', async () => {
    const { owner, email } = await connected();
    const outsider = `mallory@${uniqueDomain('elsewhere')}`;
    idp.addPerson({ email: outsider, password: PASSWORD, name: 'Mallory' });
    // Their own address has no single sign-on at all.
    const direct = await t.client().post('/api/v1/sso/sign-in', { email: outsider });
    expect(direct.status).toBe(404);
    expect(await errorCode(direct)).toBe(SSO_ERROR_CODES.notConfigured);
    // Started for a covered address, then signed in at the provider as someone else.
    const browser = t.client();
    const attempt = await ssoSignIn(browser, idp, email, { email: outsider, password: PASSWORD });
    const landed = new URL(attempt.landed!);
    expect(landed.pathname).toBe('/signin');
    expect(landed.searchParams.get('sso')).toBe('failed');
    expect(landed.searchParams.get('error')).toBe(SSO_REFUSALS.domainNotCovered);
    await expectSignedOut(browser);
    expect(await t.database.db.select().from(users).where(eq(users.email, outsider))).toHaveLength(
      0,
    );
    expect(
      (await t.database.db.select().from(memberships).where(eq(memberships.accountId, owner.tid)))
        .length,
    ).toBe(1);
    // A refused sign-in in the security events, like a wrong password.
    const failed = await waitFor(() =>
      queryRows<{ data: Record<string, unknown> }>(
        t.database.db,
        sql`select data from audit_log where action = 'auth.sign_in_failed'
          and data->>'email' = ${outsider}`,
      ).then((rows) => rows[0]),
    );
    expect(failed.data).toMatchObject({ method: 'sso', reason: 'sso_domain_not_covered' });
  });

  it('a person disabled at the provider is refused at their next sign-in', async () => {
    const { email } = await connected();
    const idpBrowser = new IdpBrowser();
    const browser = t.client();
    expect(
      (await ssoSignIn(browser, idp, email, { email, password: PASSWORD }, idpBrowser)).landed,
    ).toBe(HOME);
    // Signed in at the provider: the next sign-in does not even ask.
    const quick = t.client();
    const silent = await ssoSignIn(
      quick,
      idp,
      email,
      { email: 'unused@x.example', password: '-' },
      idpBrowser,
    );
    expect(silent.landed).toBe(HOME);

    idp.disable(email);
    const next = t.client();
    const refused = await ssoSignIn(next, idp, email, { email, password: PASSWORD }, idpBrowser);
    expect(refused.landed).toBeNull();
    expect(refused.stoppedAt?.status).toBe(403);
    expect(refused.stoppedAt?.html).toContain('disabled by your administrator');
    await expectSignedOut(next);
    // A Tenantry session opened before stays until it ends (docs/sso.md): the provider does
    // not tell Tenantry; an owner removes the member, or a system admin disables the user.
    expect((await claimsOf(browser)).email).toBe(email);
  });

  it('stops when the plan no longer includes single sign-on, or the provider is disconnected', async () => {
    const { owner, email } = await connected();
    await t.database.db
      .update(subscriptions)
      .set({ compedPlan: null, plan: 'pro' })
      .where(eq(subscriptions.accountId, owner.tid));
    const start = await t.client().post('/api/v1/sso/sign-in', { email });
    expect(start.status).toBe(404);
    expect(await errorCode(start)).toBe(SSO_ERROR_CODES.notConfigured);

    // A sign-in started on Business and finished after the change is refused on its return.
    await t.database.db
      .update(subscriptions)
      .set({ compedPlan: 'business' })
      .where(eq(subscriptions.accountId, owner.tid));
    const browser = t.client();
    const started = await browser.post('/api/v1/sso/sign-in', { email });
    const { url } = (await started.json()) as { url: string };
    await t.database.db
      .update(subscriptions)
      .set({ compedPlan: null })
      .where(eq(subscriptions.accountId, owner.tid));
    const idpBrowser = new IdpBrowser();
    let res = await idpBrowser.fetch(url);
    for (let i = 0; i < 6 && res.status !== 200; i += 1) {
      res = await idpBrowser.fetch(new URL(res.headers.get('location')!, url).href);
    }
    const action = /action="([^"]+)"/.exec(await res.text())![1]!;
    res = await idpBrowser.fetch(new URL(action, idp.issuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: PASSWORD }).toString(),
    });
    while (!res.headers.get('location')!.startsWith(TEST_PUBLIC_URL)) {
      res = await idpBrowser.fetch(new URL(res.headers.get('location')!, idp.issuer).href);
    }
    const back = new URL(res.headers.get('location')!);
    const callback = await browser.get(`${back.pathname}${back.search}`);
    expect(callback.headers.get('location')).toBe(
      `${TEST_PUBLIC_URL}/signin?sso=failed&error=${SSO_REFUSALS.notAvailable}`,
    );
    await expectSignedOut(browser);

    await t.database.db
      .update(subscriptions)
      .set({ compedPlan: 'business' })
      .where(eq(subscriptions.accountId, owner.tid));
    await expectStatus(await owner.client.request(SSO, { method: 'DELETE' }), 204);
    const gone = await t.client().post('/api/v1/sso/sign-in', { email });
    expect(gone.status).toBe(404);
    expect(
      await t.database.db
        .select()
        .from(ssoProviders)
        .where(eq(ssoProviders.organizationId, owner.tid)),
    ).toHaveLength(0);
  });
});

describe('require SSO for the proven domains', { timeout: 90_000 }, () => {
  async function passwordSignIn(email: string, password: string) {
    return t.client().post('/api/auth/sign-in/email', { email, password });
  }

  it('refuses password sign-in, sign-up and password reset there; owners keep their password', async () => {
    // The owner's own address is at the domain: they are the way in should the provider fail.
    const domain = uniqueDomain();
    const ownerClient = t.client();
    const ownerEmail = `owner@${domain}`;
    expect((await ownerClient.signUp({ email: ownerEmail, name: 'Owner' })).status).toBe(200);
    const ownerClaims = await claimsOf(ownerClient);
    const owner: Person = {
      client: ownerClient,
      email: ownerEmail,
      uid: ownerClaims.uid,
      tid: ownerClaims.tid,
    };
    // A member with a password at the domain, and a reset link asked for before the change.
    const member = await addMember(t, owner, 'admin', 'admin');
    const colleague = t.client();
    const colleagueEmail = `carol@${domain}`;
    expect((await colleague.signUp({ email: colleagueEmail, name: 'Carol' })).status).toBe(200);
    await expectStatus(
      await t.client().post('/api/auth/request-password-reset', {
        email: colleagueEmail,
        redirectTo: '/reset-password',
      }),
      200,
    );
    const [resetMail] = await t.mailTo(colleagueEmail);
    const token = /token=([^&\s]+)/.exec(resetMail!.text)![1]!;
    // …and a sign-up whose code has not been entered yet.
    const pendingEmail = `erin@${domain}`;
    await expectStatus(
      await t.client().post('/api/auth/sign-up/email', {
        email: pendingEmail,
        password: 'correct-horse-battery',
        name: 'Erin',
      }),
      200,
    );
    const [codeMail] = await t.mailTo(pendingEmail);
    const signUpCode = /(\d{6})$/.exec(codeMail!.subject)![1]!;

    await connectIdp(t, owner, idp, domain, { requireSso: true });

    const refused = async (res: Response) => {
      expect(res.status).toBe(403);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe(SSO_ERROR_CODES.required);
      expect(body.message).toContain(domain);
    };
    await refused(await passwordSignIn(colleagueEmail, 'correct-horse-battery'));
    await refused(await passwordSignIn(`nobody@${domain}`, 'whatever-password'));
    await refused(
      await t.client().post('/api/auth/sign-up/email', {
        email: `dave@${domain}`,
        password: 'correct-horse-battery',
        name: 'Dave',
      }),
    );
    await refused(
      await t.client().post('/api/auth/request-password-reset', {
        email: colleagueEmail,
        redirectTo: '/reset-password',
      }),
    );
    await refused(
      await t.client().post('/api/auth/reset-password', { token, newPassword: 'a-new-password-9' }),
    );
    const verify = await t.client().post('/api/v1/signup/verify', {
      email: pendingEmail,
      code: signUpCode,
    });
    expect(verify.status).toBe(403);
    expect(await errorCode(verify)).toBe(SSO_ERROR_CODES.required);
    // Elsewhere nothing changes: the member at another domain, and the owner.
    await expectStatus(await passwordSignIn(member.email, 'correct-horse-battery'), 200);
    await expectStatus(await passwordSignIn(ownerEmail, 'correct-horse-battery'), 200);

    // Off again (or off the plan): passwords work.
    const current = (await (await owner.client.get(SSO)).json()) as {
      provider: { issuer: string; clientId: string };
    };
    const off = await owner.client.request(SSO, {
      method: 'PUT',
      json: {
        issuer: current.provider.issuer,
        clientId: current.provider.clientId,
        requireSso: false,
        defaultRole: 'member',
      },
    });
    await expectStatus(off, 200);
    await expectStatus(await passwordSignIn(colleagueEmail, 'correct-horse-battery'), 200);
  });
});

describe('Better Auth’s SSO endpoints besides the callback', () => {
  it('are not served', async () => {
    const owner = await signUpPerson(t, 'sso-paths');
    const paths: Array<[string, string]> = [
      ['POST', '/api/auth/sso/register'],
      ['GET', '/api/auth/sso/providers'],
      ['GET', '/api/auth/sso/get-provider?providerId=x'],
      ['POST', '/api/auth/sso/update-provider'],
      ['POST', '/api/auth/sso/delete-provider'],
      ['POST', '/api/auth/sso/request-domain-verification'],
      ['POST', '/api/auth/sso/verify-domain'],
      ['GET', '/api/auth/sso/saml2/sp/metadata?providerId=x'],
      ['POST', '/api/auth/sso/saml2/sp/acs/x'],
      ['POST', '/api/auth/sso/callback'],
      ['POST', '/api/auth/sign-in/sso'],
    ];
    for (const [method, path] of paths) {
      const res = await owner.client.request(path, {
        method,
        ...(method === 'POST' ? { json: {} } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});
