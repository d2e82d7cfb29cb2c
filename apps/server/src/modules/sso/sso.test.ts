import {
  SSO_DOMAINS_MAX,
  SSO_ERROR_CODES,
  SsoConfigSchema,
  SsoDomainSchema,
  type SsoConfig,
} from '@tenantry/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ssoDomains, ssoProviders } from '../../db/schema/index.ts';
import { setupTestApp, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import { startTestIdp, type TestIdp } from '../../test/oidc-idp.ts';
import {
  addMember,
  compBusiness,
  errorCode,
  sharedUser,
  signUpPerson,
  type Person,
} from '../../test/people.ts';
import { domainCode, proveDomain, SSO, uniqueDomain } from '../../test/sso.ts';

// The owners' side of single sign-on (docs/sso.md): the provider, the domains, the plan.

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

async function businessOwner(prefix = 'sso-admin'): Promise<Person> {
  const owner = await signUpPerson(t, prefix);
  await compBusiness(t, owner.tid);
  return owner;
}

async function config(owner: Person): Promise<SsoConfig> {
  const res = await owner.client.get(SSO);
  await expectStatus(res, 200);
  return SsoConfigSchema.parse(await res.json());
}

async function put(owner: Person, body: Record<string, unknown>) {
  return owner.client.request(SSO, { method: 'PUT', json: body });
}

async function registered(owner: Person) {
  return idp.registerClient((await config(owner)).redirectUri);
}

async function actions(accountId: string) {
  const rows = await t.database.db
    .select({ action: auditLog.action, data: auditLog.data })
    .from(auditLog)
    .where(eq(auditLog.accountId, accountId));
  return rows.filter((r) => r.action.startsWith('sso.'));
}

async function providerRow(accountId: string) {
  const [row] = await t.database.db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.organizationId, accountId));
  return row;
}

describe('the identity provider (owners)', { timeout: 60_000 }, () => {
  it('starts empty, with the redirect URI to register', async () => {
    const owner = await businessOwner();
    expect(await config(owner)).toEqual({
      available: true,
      active: false,
      redirectUri: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/auth\/sso\/callback\/sso-[\w-]{22}$/,
      ),
      provider: null,
      requireSso: false,
      defaultRole: 'member',
      defaultTenantAccess: 'all',
      defaultTenantTags: [],
      domains: [],
    });
  });

  it('connects through discovery; the secret is stored sealed and never answered', async () => {
    const owner = await businessOwner();
    const client = await registered(owner);
    const res = await put(owner, {
      issuer: idp.issuer,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      requireSso: true,
      defaultRole: 'admin',
    });
    await expectStatus(res, 200);
    const text = await res.text();
    expect(text).not.toContain(client.clientSecret);
    const body = SsoConfigSchema.parse(JSON.parse(text));
    expect(body.provider).toMatchObject({
      issuer: idp.issuer,
      clientId: client.clientId,
      clientSecretSet: true,
      authorizationEndpoint: `${idp.issuer}/auth`,
      tokenEndpoint: `${idp.issuer}/token`,
    });
    expect(body).toMatchObject({ requireSso: true, defaultRole: 'admin', active: false });
    const row = await providerRow(owner.tid);
    expect(row?.oidcConfig).not.toContain(client.clientSecret);
    const sealed = (JSON.parse(row!.oidcConfig!) as { clientSecret: string }).clientSecret;
    expect(sealed).toMatch(/^v1\./);
    expect(body.redirectUri.endsWith(`/${row!.providerId}`)).toBe(true);
    expect(row!.providerId).not.toContain(owner.tid);
    expect(row).toMatchObject({ domain: '', domainVerified: false });

    // Settings change without the secret: the stored one is kept as it was.
    const again = await put(owner, {
      issuer: idp.issuer,
      clientId: client.clientId,
      requireSso: false,
      defaultRole: 'member',
    });
    await expectStatus(again, 200);
    const kept = await providerRow(owner.tid);
    expect((JSON.parse(kept!.oidcConfig!) as { clientSecret: string }).clientSecret).toBe(sealed);
    expect((await actions(owner.tid)).map((a) => a.action)).toEqual([
      'sso.configured',
      'sso.configured',
    ]);

    // Disconnected: gone, audited; again is fine.
    await expectStatus(await owner.client.request(SSO, { method: 'DELETE' }), 204);
    await expectStatus(await owner.client.request(SSO, { method: 'DELETE' }), 204);
    expect((await config(owner)).provider).toBeNull();
    expect((await actions(owner.tid)).map((a) => a.action)).toContain('sso.removed');
  });

  it('refuses an issuer it cannot use, and a first connection without a secret', async () => {
    const owner = await businessOwner();
    const base = { clientId: 'c', clientSecret: 's', requireSso: false, defaultRole: 'member' };
    const plain = await put(owner, { ...base, issuer: 'http://idp.example.com' });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as { error: { fields: object } }).error.fields).toHaveProperty(
      'issuer',
    );
    const local = await put(owner, { ...base, issuer: 'https://127.0.0.1:8443' });
    expect(local.status).toBe(400);
    const missing = await put(owner, { ...base, issuer: `${idp.issuer}/elsewhere` });
    expect(missing.status).toBe(400);
    expect(await errorCode(missing)).toBe(SSO_ERROR_CODES.discoveryFailed);
    const noSecret = await put(owner, { ...base, clientSecret: undefined, issuer: idp.issuer });
    expect(noSecret.status).toBe(400);
    expect(await errorCode(noSecret)).toBe(SSO_ERROR_CODES.secretRequired);
    expect(await providerRow(owner.tid)).toBeUndefined();
  });

  it('is for owners on the Business plan', async () => {
    const owner = await signUpPerson(t, 'sso-trial');
    // The trial is Pro: readable, not writable.
    expect((await config(owner)).available).toBe(false);
    const locked = await put(owner, {
      issuer: idp.issuer,
      clientId: 'c',
      clientSecret: 's',
      requireSso: false,
      defaultRole: 'member',
    });
    expect(locked.status).toBe(402);
    expect(await errorCode(locked)).toBe('billing.feature_locked');
    const domain = await owner.client.post(`${SSO}/domains`, {
      domain: uniqueDomain(),
      mailbox: 'admin',
    });
    expect(domain.status).toBe(402);

    await compBusiness(t, owner.tid);
    for (const role of ['admin', 'member'] as const) {
      const person = await addMember(t, owner, role);
      expect((await person.client.get(SSO)).status).toBe(403);
      const res = await person.client.post(`${SSO}/domains`, {
        domain: uniqueDomain(),
        mailbox: 'admin',
      });
      expect(res.status).toBe(403);
    }
    const tenant = await owner.client.post('/api/v1/tenants', { name: 'Shared Co' });
    const { id } = (await tenant.json()) as { id: string };
    const shared = await sharedUser(t, owner, id, 'contributor');
    expect((await shared.get(SSO)).status).toBe(403);
    expect((await t.client().get(SSO)).status).toBe(401);
  });
});

describe('domains (owners)', { timeout: 60_000 }, () => {
  it('a domain is proven by the code e-mailed to its administrative mailbox', async () => {
    const owner = await businessOwner();
    const domain = uniqueDomain();
    const added = await owner.client.post(`${SSO}/domains`, { domain, mailbox: 'postmaster' });
    await expectStatus(added, 201);
    const row = SsoDomainSchema.parse(await added.json());
    expect(row).toMatchObject({ domain, proofEmail: `postmaster@${domain}`, verified: false });
    const [mail] = await t.mailTo(`postmaster@${domain}`);
    expect(mail?.text).toContain(owner.email);
    const first = await domainCode(t, `postmaster@${domain}`);

    // A new code replaces the old one.
    const resent = await owner.client.post(`${SSO}/domains`, { domain, mailbox: 'postmaster' });
    await expectStatus(resent, 200);
    const second = await domainCode(t, `postmaster@${domain}`);
    const verify = (code: string) => owner.client.post(`${SSO}/domains/${row.id}/verify`, { code });
    if (first !== second) {
      const stale = await verify(first);
      expect(await errorCode(stale)).toBe(SSO_ERROR_CODES.invalidCode);
    }
    const wrong = await verify(second === '00000000' ? '11111111' : '00000000');
    expect(wrong.status).toBe(400);
    const body = (await wrong.json()) as {
      error: { code: string; details: { attemptsLeft: number } };
    };
    expect(body.error.code).toBe(SSO_ERROR_CODES.invalidCode);
    expect(body.error.details.attemptsLeft).toBeLessThan(5);

    const ok = await verify(`${second.slice(0, 4)} ${second.slice(4)}`);
    await expectStatus(ok, 200);
    expect(SsoDomainSchema.parse(await ok.json())).toMatchObject({
      verified: true,
      codeSentAt: null,
    });
    // Again: it answers as it is.
    await expectStatus(await verify(second), 200);
    await expectStatus(
      await owner.client.post(`${SSO}/domains`, { domain, mailbox: 'admin' }),
      200,
    );
    expect((await actions(owner.tid)).map((a) => a.action)).toEqual([
      'sso.domain_added',
      'sso.domain_added',
      'sso.domain_verified',
    ]);
  });

  it('mirrors the proven domains into the provider the plugin reads', async () => {
    const owner = await businessOwner();
    const client = await registered(owner);
    await expectStatus(
      await put(owner, {
        issuer: idp.issuer,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        requireSso: false,
        defaultRole: 'member',
      }),
      200,
    );
    const a = uniqueDomain('a');
    const b = uniqueDomain('b');
    const idA = await proveDomain(t, owner, a);
    await proveDomain(t, owner, b);
    expect(await providerRow(owner.tid)).toMatchObject({
      domain: [a, b].sort().join(','),
      domainVerified: true,
    });
    expect((await config(owner)).active).toBe(true);
    await expectStatus(
      await owner.client.request(`${SSO}/domains/${idA}`, { method: 'DELETE' }),
      204,
    );
    expect(await providerRow(owner.tid)).toMatchObject({ domain: b, domainVerified: true });
    expect((await actions(owner.tid)).map((x) => x.action)).toContain('sso.domain_removed');
  });

  it('tries run out, and a code expires', async () => {
    const owner = await businessOwner();
    const domain = uniqueDomain();
    const added = await owner.client.post(`${SSO}/domains`, { domain, mailbox: 'admin' });
    const { id } = SsoDomainSchema.parse(await added.json());
    const code = await domainCode(t, `admin@${domain}`);
    const wrong = code === '12345678' ? '87654321' : '12345678';
    for (let i = 0; i < 5; i += 1) {
      const res = await owner.client.post(`${SSO}/domains/${id}/verify`, { code: wrong });
      expect(await errorCode(res)).toBe(SSO_ERROR_CODES.invalidCode);
    }
    const spent = await owner.client.post(`${SSO}/domains/${id}/verify`, { code });
    expect(await errorCode(spent)).toBe(SSO_ERROR_CODES.codeExpired);

    await owner.client.post(`${SSO}/domains`, { domain, mailbox: 'admin' });
    const fresh = await domainCode(t, `admin@${domain}`);
    await t.database.db
      .update(ssoDomains)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoDomains.id, id));
    const late = await owner.client.post(`${SSO}/domains/${id}/verify`, { code: fresh });
    expect(await errorCode(late)).toBe(SSO_ERROR_CODES.codeExpired);
    const [row] = await t.database.db.select().from(ssoDomains).where(eq(ssoDomains.id, id));
    expect(row?.verifiedAt).toBeNull();
  });

  it('a domain belongs to one account: 409 for the others', async () => {
    const first = await businessOwner('sso-first');
    const second = await businessOwner('sso-second');
    const domain = uniqueDomain();
    // The second account waits on a code when the first proves the domain.
    const waiting = await second.client.post(`${SSO}/domains`, { domain, mailbox: 'webmaster' });
    await expectStatus(waiting, 201);
    const { id } = SsoDomainSchema.parse(await waiting.json());
    const code = await domainCode(t, `webmaster@${domain}`);
    await proveDomain(t, first, domain);

    const late = await second.client.post(`${SSO}/domains/${id}/verify`, { code });
    expect(late.status).toBe(409);
    expect(await errorCode(late)).toBe(SSO_ERROR_CODES.domainTaken);
    const again = await second.client.post(`${SSO}/domains`, { domain, mailbox: 'admin' });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe(SSO_ERROR_CODES.domainTaken);
    const proven = await t.database.db
      .select({ accountId: ssoDomains.accountId })
      .from(ssoDomains)
      .where(and(eq(ssoDomains.domain, domain)));
    expect(proven.filter((p) => p.accountId === first.tid)).toHaveLength(1);
  });

  it('another account’s domain is not found, and stays as it is', async () => {
    const owner = await businessOwner();
    const other = await businessOwner('sso-other');
    const domain = uniqueDomain();
    const added = await owner.client.post(`${SSO}/domains`, { domain, mailbox: 'admin' });
    const { id } = SsoDomainSchema.parse(await added.json());
    const code = await domainCode(t, `admin@${domain}`);
    const verify = await other.client.post(`${SSO}/domains/${id}/verify`, { code });
    expect(verify.status).toBe(404);
    expect(await errorCode(verify)).toBe(SSO_ERROR_CODES.domainNotFound);
    const remove = await other.client.request(`${SSO}/domains/${id}`, { method: 'DELETE' });
    expect(remove.status).toBe(404);
    const [row] = await t.database.db.select().from(ssoDomains).where(eq(ssoDomains.id, id));
    expect(row).toMatchObject({ accountId: owner.tid, attempts: 0, verifiedAt: null });
    expect((await config(other)).domains).toEqual([]);
  });

  it('refuses a mailbox that is not administrative, a malformed domain, and too many', async () => {
    const owner = await businessOwner();
    const domain = uniqueDomain();
    for (const body of [
      { domain, mailbox: 'alice' },
      { domain: 'not a domain', mailbox: 'admin' },
      { domain: 'localhost', mailbox: 'admin' },
      { domain: `${domain}/path`, mailbox: 'admin' },
    ]) {
      const res = await owner.client.post(`${SSO}/domains`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (let i = 0; i < SSO_DOMAINS_MAX; i += 1) {
      const res = await owner.client.post(`${SSO}/domains`, {
        domain: uniqueDomain(`many${i}`),
        mailbox: 'admin',
      });
      await expectStatus(res, 201);
    }
    const over = await owner.client.post(`${SSO}/domains`, {
      domain: uniqueDomain('over'),
      mailbox: 'admin',
    });
    expect(over.status).toBe(409);
    expect(await errorCode(over)).toBe(SSO_ERROR_CODES.tooManyDomains);
  });

  it('sends at most five codes an hour to one domain', async () => {
    const owner = await businessOwner();
    const domain = uniqueDomain();
    for (let i = 0; i < 5; i += 1) {
      const res = await owner.client.post(`${SSO}/domains`, { domain, mailbox: 'admin' });
      expect(res.status).toBeLessThan(300);
    }
    const sixth = await owner.client.post(`${SSO}/domains`, { domain, mailbox: 'admin' });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.mailTo(`admin@${domain}`)).toHaveLength(5);
  });
});
