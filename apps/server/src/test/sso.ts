/**
 * Single sign-on in the server tests (docs/sso.md): an account connected to the test identity
 * provider (./oidc-idp.ts) with a proven domain, and a sign-in driven through the provider's
 * real pages by following every redirect, as a browser does.
 */
import { randomBytes } from 'node:crypto';
import { SsoConfigSchema, SsoDomainSchema, type SsoConfig } from '@tenantry/shared';
import { expect } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp, type TestClient } from './app.ts';
import { expectStatus } from './http.ts';
import type { TestIdp } from './oidc-idp.ts';
import { compBusiness, type Person } from './people.ts';

export const SSO = '/api/v1/account/sso';

/** A domain no other test uses. */
export const uniqueDomain = (prefix = 'acme') =>
  `${prefix}-${randomBytes(4).toString('hex')}.example`;

/** The code of the newest domain e-mail to `to` ("Tenantry code for d: 1234 5678"). */
export async function domainCode(t: TestApp, to: string): Promise<string> {
  const [mail] = await t.mailTo(to);
  const match = /: (\d{4}) (\d{4})$/.exec(mail?.subject ?? '');
  if (!match) throw new Error(`no domain code e-mail to ${to}`);
  return `${match[1]}${match[2]}`;
}

/** `owner` adds `domain` and proves it with the e-mailed code. */
export async function proveDomain(t: TestApp, owner: Person, domain: string): Promise<string> {
  const added = await owner.client.post(`${SSO}/domains`, { domain, mailbox: 'admin' });
  await expectStatus(added, 201);
  const { id } = SsoDomainSchema.parse(await added.json());
  const code = await domainCode(t, `admin@${domain}`);
  const verified = await owner.client.post(`${SSO}/domains/${id}/verify`, { code });
  await expectStatus(verified, 200);
  expect(SsoDomainSchema.parse(await verified.json()).verified).toBe(true);
  return id;
}

/**
 * The owner's account on Business, connected to `idp` (a client registered there for the
 * account's redirect URI) with `domain` proven.
 */
export async function connectIdp(
  t: TestApp,
  owner: Person,
  idp: TestIdp,
  domain: string,
  settings: {
    requireSso?: boolean;
    defaultRole?: 'admin' | 'member';
    defaultTenantAccess?: 'all' | 'tags';
    defaultTenantTags?: string[];
  } = {},
): Promise<SsoConfig> {
  await compBusiness(t, owner.tid);
  const before = SsoConfigSchema.parse(await (await owner.client.get(SSO)).json());
  const client = await idp.registerClient(before.redirectUri);
  const put = await owner.client.request(SSO, {
    method: 'PUT',
    json: {
      issuer: idp.issuer,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      requireSso: settings.requireSso ?? false,
      defaultRole: settings.defaultRole ?? 'member',
      ...(settings.defaultTenantAccess
        ? { defaultTenantAccess: settings.defaultTenantAccess }
        : {}),
      ...(settings.defaultTenantTags ? { defaultTenantTags: settings.defaultTenantTags } : {}),
    },
  });
  await expectStatus(put, 200);
  await proveDomain(t, owner, domain);
  return SsoConfigSchema.parse(await (await owner.client.get(SSO)).json());
}

/** A browser's cookies at the identity provider. */
export class IdpBrowser {
  readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) {
        this.cookies.delete(name);
      } else this.cookies.set(name, value);
    }
    return res;
  }
}

export interface SsoAttempt {
  /** Where the app sent the browser at the end (its callback's redirect), if it got there. */
  landed: string | null;
  /** The provider's last page when the sign-in stopped there (its status and HTML). */
  stoppedAt: { status: number; html: string } | null;
}

/**
 * Signs in through single sign-on as a browser does: `POST /api/v1/sso/sign-in` for `email`,
 * then the provider (its login page filled with `login`, unless its session signs in at once),
 * then the app's callback. Stops where a page asks for nothing more.
 */
export async function ssoSignIn(
  browser: TestClient,
  idp: TestIdp,
  email: string,
  login: { email: string; password: string },
  idpBrowser = new IdpBrowser(),
  next?: string,
): Promise<SsoAttempt> {
  const start = await browser.post('/api/v1/sso/sign-in', { email, next });
  await expectStatus(start, 200);
  let url = ((await start.json()) as { url: string }).url;
  expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
  let submitted = false;
  for (let hops = 0; hops < 12; hops += 1) {
    if (url.startsWith(TEST_PUBLIC_URL)) {
      const at = new URL(url);
      const res = await browser.get(`${at.pathname}${at.search}`);
      expect([302, 303], `the app's callback answered ${res.status}`).toContain(res.status);
      return { landed: res.headers.get('location'), stoppedAt: null };
    }
    let res = await idpBrowser.fetch(url);
    if (res.status === 200) {
      const html = await res.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (!action || submitted) return { landed: null, stoppedAt: { status: 200, html } };
      submitted = true;
      res = await idpBrowser.fetch(new URL(action.replace(/&#47;/g, '/'), idp.issuer).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(login).toString(),
      });
    }
    if (res.status < 300 || res.status >= 400) {
      return { landed: null, stoppedAt: { status: res.status, html: await res.text() } };
    }
    url = new URL(res.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects');
}
