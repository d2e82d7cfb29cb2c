import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, users } from '../../db/schema/index.ts';
import { setupTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/app.ts';
import { expectStatus } from '../../test/http.ts';
import { startTestIdp, type TestIdp } from '../../test/oidc-idp.ts';
import { signUpPerson } from '../../test/people.ts';
import { connectIdp, IdpBrowser, ssoSignIn, uniqueDomain } from '../../test/sso.ts';

// Single sign-on against a real OpenID provider (oidc-provider) on 127.0.0.1 (docs/sso.md).

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

describe('sign-in through the identity provider', { timeout: 60_000 }, () => {
  it('a first sign-in makes a member with the default role; the next one signs the same user in', async () => {
    const owner = await signUpPerson(t, 'sso-owner');
    const domain = uniqueDomain();
    await connectIdp(t, owner, idp, domain, { defaultRole: 'member' });
    const email = `alice@${domain}`;
    idp.addPerson({ email, password: PASSWORD, name: 'Alice Example' });

    const browser = t.client();
    const first = await ssoSignIn(browser, idp, email, { email, password: PASSWORD });
    expect(first.stoppedAt).toBeNull();
    expect(first.landed).toBe(`${TEST_PUBLIC_URL}/`);
    const me = await browser.get('/api/v1/me');
    await expectStatus(me, 200);
    const claims = (await me.json()) as {
      uid: string;
      tid: string;
      email: string;
      emailVerified: boolean;
    };
    expect(claims).toMatchObject({ tid: owner.tid, email, emailVerified: true });

    const [membership] = await t.database.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.accountId, owner.tid), eq(memberships.userId, claims.uid)));
    expect(membership?.role).toBe('member');
    const joined = await t.database.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, owner.tid), eq(auditLog.action, 'sso.member_joined')));
    expect(joined).toHaveLength(1);

    const again = t.client();
    const second = await ssoSignIn(again, idp, email, { email, password: PASSWORD });
    expect(second.landed).toBe(`${TEST_PUBLIC_URL}/`);
    const me2 = (await (await again.get('/api/v1/me')).json()) as { uid: string };
    expect(me2.uid).toBe(claims.uid);
    const people = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    expect(people).toHaveLength(1);
    void IdpBrowser;
  });
});
