import { request, type Page } from '@playwright/test';
import type { TestIdp } from '../apps/server/src/test/oidc-idp.ts';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  runCli,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
  signInRequest,
} from './fixtures';
import { IDP_ORIGIN, startIdp } from './oidc-provider';

// Single sign-on (docs/sso.md): an owner on the Business plan connects the account to an
// OpenID provider (the real `oidc-provider`, run by this file), proves the company's domain
// with the code e-mailed to its admin mailbox, and a colleague's first sign-in through the
// provider makes them a member.

const SHOTS = '.tmp/sso-screens';

test.describe.configure({ mode: 'serial' });

let idp: TestIdp;
test.beforeAll(async () => {
  idp = await startIdp();
});
test.afterAll(async () => {
  await idp?.close();
});

/** Free → Business through the sandbox checkout, as the owner does on admin/billing. */
async function upgradeToBusiness(page: Page) {
  await page.goto('/admin/billing');
  await page.getByRole('button', { name: 'Upgrade: Business' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/billing\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await expect(page.getByText('Purchase complete')).toBeVisible();
}

/** The single sign-on card alone, from a full-page capture (no sticky header over it). */
async function shootCard(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.getByRole('region', { name: 'Single sign-on' }).boundingBox();
  await page.screenshot({ path, fullPage: true, clip: box! });
}

/** The domain's code, from the development mailbox (as the system admin reads it). */
async function domainCode(to: string): Promise<string> {
  const admin = await request.newContext({ baseURL: BASE_URL });
  await signInRequest(admin, ADMIN_EMAIL); // with the admin's authenticator code
  let code = '';
  await expect(async () => {
    const res = await admin.get('/api/v1/system/mailbox');
    const { messages } = (await res.json()) as { messages: { to: string; subject: string }[] };
    const mail = messages.find((m) => m.to === to && m.subject.startsWith('Tenantry code for'));
    expect(mail, `a domain code to ${to}`).toBeDefined();
    code = /(\d{4} \d{4})$/.exec(mail!.subject)![1]!;
  }).toPass({ timeout: 15_000 });
  await admin.dispose();
  return code;
}

test('an owner connects single sign-on; a first sign-in through the provider creates a member', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const ownerEmail = uniqueEmail('sso-owner');
  await signUpViaApi(page, ownerEmail, 'Olive Owner');
  const me = (await (await page.request.get('/api/v1/me')).json()) as { tid: string };
  // Off the trial (Free): the card says the plan lacks it and leads to the plans.
  await runCli(['end-trial', ownerEmail]);
  await page.goto('/admin/security');
  const card = page.getByRole('region', { name: 'Single sign-on' });
  await expect(card.getByTestId('upgrade-prompt')).toContainText('Single sign-on');
  await upgradeToBusiness(page);

  await page.goto('/admin/security');
  await expect(card.getByText('Not active yet: Connect your identity provider.')).toBeVisible();
  // At the provider, the company's admin registers Tenantry with the redirect URI shown here.
  const redirectUri = (await card.getByTestId('sso-redirect-uri').textContent())!.trim();
  expect(redirectUri).toMatch(new RegExp(`^${BASE_URL}/api/auth/sso/callback/sso-`));
  const client = await idp.registerClient(redirectUri);

  const form = card.getByRole('form', { name: 'Identity provider' });
  await form.getByRole('textbox', { name: 'Issuer URL' }).fill(IDP_ORIGIN);
  await form.getByRole('textbox', { name: 'Client ID' }).fill(client.clientId);
  await form.getByLabel('Client secret').fill(client.clientSecret);
  await form.getByRole('button', { name: 'Connect provider' }).click();
  await expect(card.getByText('Not active yet: Prove at least one e-mail domain.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save changes' })).toBeVisible();

  const domain = `acme-${Date.now().toString(36)}-${process.pid}.example`;
  const add = card.getByRole('form', { name: 'Add a domain' });
  await add.getByRole('textbox', { name: 'Domain' }).fill(domain);
  await add.getByRole('button', { name: 'Send code' }).click();
  const row = card.getByRole('listitem', { name: domain });
  await expect(row.getByText('Waiting for the code')).toBeVisible();
  await row
    .getByRole('textbox', { name: `Code for ${domain}` })
    .fill(await domainCode(`admin@${domain}`));
  await row.getByRole('button', { name: 'Prove domain' }).click();
  await expect(row.getByText('Proven', { exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await shootCard(page, `${SHOTS}/card-1280.png`);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await shootCard(page, `${SHOTS}/card-375.png`);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A colleague, known to the provider only, signs in through it from the sign-in page.
  const email = `alice@${domain}`;
  idp.addPerson({ email, password: 'provider-password-1', name: 'Alice Example' });
  const ctx = await browser.newContext({ baseURL: BASE_URL });
  const alice = await ctx.newPage();
  await alice.goto('/signin');
  await expect(alice.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await alice.screenshot({ path: `${SHOTS}/signin-1280.png` });
  await alice.getByRole('button', { name: 'Use single sign-on (SSO)' }).click();
  await alice.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
  await alice.setViewportSize({ width: 375, height: 812 });
  await alice.screenshot({ path: `${SHOTS}/signin-375.png` });
  await alice.getByRole('button', { name: 'Continue with SSO' }).click();
  await expect(alice).toHaveURL(new RegExp(`^${IDP_ORIGIN}/interaction/`));
  await expect(alice.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
  await alice.getByLabel('Password').fill('provider-password-1');
  await alice.getByRole('button', { name: 'Sign in to the test provider' }).click();
  await expect(alice).toHaveURL(`${BASE_URL}/`, { timeout: 30_000 });
  const claims = (await (await alice.request.get('/api/v1/me')).json()) as {
    tid: string;
    email: string;
    emailVerified: boolean;
  };
  expect(claims).toMatchObject({ tid: me.tid, email, emailVerified: true });
  await expect(alice.getByRole('heading', { level: 1 })).toBeVisible();
  await ctx.close();

  // The owner sees the new member, and how they came.
  await page.goto('/admin/members');
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row').filter({ hasText: email })).toContainText('Alice Example');
  await expect(page.getByRole('combobox', { name: 'Role of Alice Example' })).toHaveValue('Member');
  await page.goto('/admin/audit');
  await expect(page.getByText(`${email} joined through single sign-on as member`)).toBeVisible();

  // Password sign-in stays as it was for the owner (require SSO is off).
  const owner = await browser.newContext({ baseURL: BASE_URL });
  await signInViaApi(await owner.newPage(), ownerEmail);
  await owner.close();
});
