import type { Browser, Page } from '@playwright/test';
import { generate } from 'otplib';
import {
  ADMIN_EMAIL,
  BASE_URL,
  PASSWORD,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

// Second factors (docs/identity.md): an authenticator app set up in admin/security and asked
// for at the next sign-in; a passkey added and used with Chromium's virtual authenticator.

const SHOTS = '.tmp/identity-screens';
const origin = { origin: BASE_URL };

/** The invitation token e-mailed to `to`, read from the development mailbox as the admin. */
async function invitationToken(browser: Browser, to: string): Promise<string> {
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await signInViaApi(admin, ADMIN_EMAIL);
  let token = '';
  await expect(async () => {
    const res = await admin.request.get('/api/v1/system/mailbox');
    const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
    const mail = messages.find((m) => m.to === to && /\/invitations\//.test(m.text));
    token = /\/invitations\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
  }).toPass({ timeout: 15_000 });
  await ctx.close();
  return token;
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.goto('/signout');
  await expect(page).toHaveURL(/\/signin$/);
}

test('a member sets up an authenticator app and must give its code at the next sign-in', async ({
  browser,
  page,
}) => {
  // The owner invites the member, who signs up and joins (through the API).
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signUpViaApi(owner, uniqueEmail('tfa-owner'), 'Olive Owner');
  const email = uniqueEmail('tfa-member');
  const invite = await owner.request.post('/api/v1/invitations', {
    data: { email, role: 'member' },
    headers: origin,
  });
  expect(invite.ok(), await invite.text()).toBeTruthy();
  const token = await invitationToken(browser, email);
  await signUpViaApi(page, email, 'Mel Member');
  const accepted = await page.request.post(`/api/v1/invitations/by-token/${token}/accept`, {
    data: {},
    headers: origin,
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();

  // admin/security: the password, the QR code and backup codes, the app's first code.
  await page.goto('/admin/security');
  const app = page.getByRole('region', { name: 'Authenticator app' });
  await expect(app.getByText('Off', { exact: true })).toBeVisible();
  await app.getByRole('button', { name: 'Set up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const key = dialog.getByTestId('totp-secret');
  await expect(key).toBeVisible();
  const secret = (await key.getAttribute('data-secret')) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/totp-setup-1280.png` });
  await dialog.getByLabel('Code from the app').fill(await generate({ secret }));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByText('On', { exact: true })).toBeVisible();
  await expect(app).toContainText('Backup codes left: 10');
  await page.screenshot({ path: `${SHOTS}/security-1280.png`, fullPage: true });

  // The next sign-in asks for the code: a wrong one is refused, the right one signs in.
  await signOut(page);
  await signInWithPassword(page, email);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/second-step-375.png` });
  await codeField.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right')).toBeVisible();
  expect(await (await page.request.get('/api/v1/me')).json()).toBeNull();
  await codeField.fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/signin/);

  // The session list says how this session signed in.
  await page.goto('/admin/security');
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  await expect(sessions).toContainText('with: Password and authenticator app');
  await page.screenshot({ path: `${SHOTS}/security-375.png`, fullPage: true });
  // The owner sees that the member has one.
  await owner.goto('/admin/members');
  await expect(owner.getByRole('table', { name: 'Members' })).toContainText('Second factor');
  await ownerContext.close();
});

test('a passkey is added in admin/security and signs in, with the virtual authenticator', async ({
  browser,
}) => {
  // Browsers refuse an IP address as a passkey's relying party: this journey runs on
  // http://localhost (the server trusts both loopback names; docs/identity.md).
  const localhost = BASE_URL.replace('127.0.0.1', 'localhost');
  const context = await browser.newContext({ baseURL: localhost });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const email = uniqueEmail('passkey');
  await signUpViaApi(page, email, 'Pat Passkey');

  await page.goto('/admin/security');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Name of the new passkey').fill('E2E laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('listitem', { name: 'E2E laptop' })).toBeVisible();
  // The device's authenticator holds it (a discoverable credential for this site).
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe('localhost');

  // The passkey alone signs in.
  await signOut(page);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto('/admin/security');
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem').first()).toContainText('with: Passkey');

  // After the password, it is the second step.
  await signOut(page);
  await signInWithPassword(page, email);
  // The second step replaced the password form (whose own "Use a passkey" signs in alone).
  await expect(page.getByText('Use it to finish signing in.')).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
  await page.goto('/admin/security');
  await expect(sessions.getByRole('listitem').first()).toContainText('with: Password and passkey');
  await context.close();
});
