/**
 * The people of the server tests, made the way a person becomes one: through the HTTP API.
 * One place, so every test file signs people up alike.
 */
import type { AccountRole } from '@tenantry/shared';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { subscriptions } from '../db/schema/billing.ts';
import { uniqueEmail, type TestApp, type TestClient } from './app.ts';
import { expectStatus } from './http.ts';

export interface Person {
  client: TestClient;
  email: string;
  /** The user id (the claims' `uid`). */
  uid: string;
  /** Their own account (the claims' `tid`). */
  tid: string;
}

/** Signs up a new user (the owner of a new account) and reads their claims. */
export async function signUpPerson(
  t: TestApp,
  prefix = 'user',
  name = 'Test User',
): Promise<Person> {
  const client = t.client();
  const email = uniqueEmail(prefix);
  const res = await client.signUp({ email, name });
  expect(res.status, `sign-up of ${prefix}: ${await res.clone().text()}`).toBe(200);
  const me = (await (await client.get('/api/v1/me')).json()) as { uid: string; tid: string };
  return { client, email, uid: me.uid, tid: me.tid };
}

/** The invitation token from the newest invitation e-mail to `email`. */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.mailTo(email);
  const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no invitation e-mail to ${email}`);
  return match[1];
}

/**
 * `owner` invites a new person with `role`, who signs up and accepts: the realistic way into
 * an account. Answers the new member (whose tid is now the owner's account).
 */
export async function addMember(
  t: TestApp,
  owner: Person,
  role: AccountRole,
  prefix: string = role,
): Promise<Person> {
  const email = uniqueEmail(prefix);
  const invite = await owner.client.post('/api/v1/invitations', { email, role });
  await expectStatus(invite, 201);
  const token = await invitationToken(t, email);
  const client = t.client();
  expect((await client.signUp({ email, name: `New ${role}` })).status).toBe(200);
  const accept = await client.post(`/api/v1/invitations/by-token/${token}/accept`, {});
  await expectStatus(accept, 200);
  const me = (await (await client.get('/api/v1/me')).json()) as { uid: string; tid: string };
  expect(me.tid).toBe(owner.tid);
  return { client, email, uid: me.uid, tid: me.tid };
}

export async function errorCode(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

/**
 * `owner` shares client tenant `tid` with a new outside person as `role`, who signs in with
 * the e-mailed code: their signed-in client.
 */
export async function sharedUser(
  t: TestApp,
  owner: Person,
  tid: string,
  role: 'viewer' | 'contributor',
): Promise<TestClient> {
  const email = uniqueEmail(`shared-${role}`);
  const shared = await owner.client.post(`/api/v1/tenants/${tid}/shares`, { email, role });
  await expectStatus(shared, 201);
  const browser = t.client();
  expect((await browser.post(`/api/v1/shared-signin/${tid}/code`, { email })).status).toBe(202);
  const [mail] = await t.mailTo(email);
  const code = /(\d{6})$/.exec(mail!.subject)![1];
  const verified = await browser.post(`/api/v1/shared-signin/${tid}/verify`, { email, code });
  await expectStatus(verified, 200);
  return browser;
}

/**
 * Gives an account the Business plan free of charge (a system admin's comp), on top of its
 * trial: test worlds that create more tenants and assessments than a trial allows use it, so
 * that plan limits stay out of the way of what they test (billing.test.ts tests the limits).
 */
export async function compBusiness(t: TestApp, accountId: string): Promise<void> {
  await t.database.db
    .insert(subscriptions)
    .values({
      accountId,
      plan: 'pro',
      status: 'trialing',
      provider: 'sandbox',
      trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
      compedPlan: 'business',
      compReason: 'Test world: no plan limit in the way',
    })
    .onConflictDoUpdate({
      target: subscriptions.accountId,
      set: { compedPlan: 'business', compReason: 'Test world: no plan limit in the way' },
    });
}

/** The authenticator app's current code for `secret` (base32, from the otpauth:// URI). */
export function totpCode(secret: string): Promise<string> {
  return generate({ secret });
}

/**
 * Sets up an authenticator app as admin/security does: the password, then the first code from
 * the app (computed here). Answers the secret and the backup codes. The client's session is
 * replaced by Better Auth on the way (its cookies follow).
 */
export async function enrolTotp(
  client: TestClient,
  password = 'correct-horse-battery',
): Promise<{ secret: string; backupCodes: string[] }> {
  const enable = await client.post('/api/auth/two-factor/enable', { password });
  await expectStatus(enable, 200);
  const { totpURI, backupCodes } = (await enable.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  const confirm = await client.post('/api/auth/two-factor/verify-totp', {
    code: await totpCode(secret),
  });
  await expectStatus(confirm, 200);
  return { secret, backupCodes };
}

/**
 * Makes `person` a system admin, with the second factor the service console needs
 * (docs/identity.md): an authenticator app.
 */
export async function makeSystemAdmin(t: TestApp, person: Person): Promise<{ secret: string }> {
  await t.setFlags(person.email, { isSystemAdmin: true });
  return enrolTotp(person.client);
}
