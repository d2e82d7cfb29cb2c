import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import {
  test as base,
  expect,
  request,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4310}`;
const origin = { origin: BASE_URL };

export const PASSWORD = 'correct-horse-42';
export const ADMIN_EMAIL = 'admin@e2e.tenantry.test'; // in SYSTEM_ADMIN_EMAILS (playwright.config.ts)

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.tenantry.test`;
}

/** The e2e server's data directory (playwright.config.ts) and its CLI token file. */
const E2E_DATA_DIR = path.resolve(import.meta.dirname, '..', '.tmp', 'e2e-data');

/**
 * Runs a CLI command (`npm run cli -- …`) on the e2e server, as an operator would: through the
 * token the running server wrote in its data directory.
 */
export async function runCli(argv: string[]): Promise<string> {
  const { token } = JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'server.json'), 'utf8')) as {
    token: string;
  };
  const res = await fetch(`${BASE_URL}/internal/cli`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tenantry-cli-token': token },
    body: JSON.stringify({ argv }),
  });
  const result = (await res.json()) as { exitCode: number; output: string };
  expect(result.exitCode, result.output).toBe(0);
  return result.output;
}

/**
 * The system admin's authenticator app (docs/identity.md: the service console needs a second
 * factor): set up by admin.setup.ts, its key kept beside the server's data for every worker.
 */
const ADMIN_TOTP_FILE = path.join(E2E_DATA_DIR, 'admin-totp.json');

export function saveAdminTotpSecret(secret: string): void {
  writeFileSync(ADMIN_TOTP_FILE, JSON.stringify({ secret }));
}

/** The current code of the system admin's authenticator app. */
export function adminTotpCode(): Promise<string> {
  const { secret } = JSON.parse(readFileSync(ADMIN_TOTP_FILE, 'utf8')) as { secret: string };
  return generate({ secret });
}

/**
 * Signs in through the API on `ctx` (cookies follow it): the password, then — for the system
 * admin, whose sign-in asks for it — the code of their authenticator app.
 */
export async function signInRequest(
  ctx: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<void> {
  const res = await ctx.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: origin,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const body = (await res.json()) as { twoFactorRedirect?: boolean };
  if (!body.twoFactorRedirect) return;
  expect(email, 'only the system admin has a second factor in the fixtures').toBe(ADMIN_EMAIL);
  const verified = await ctx.post('/api/auth/two-factor/verify-totp', {
    data: { code: await adminTotpCode() },
    headers: origin,
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
}

let admin: Promise<APIRequestContext> | undefined;
/** The system admin, signed in (once per worker): reads the development mailbox. */
function adminRequest(): Promise<APIRequestContext> {
  admin ??= (async () => {
    const ctx = await request.newContext({ baseURL: BASE_URL });
    await signInRequest(ctx, ADMIN_EMAIL);
    return ctx;
  })();
  return admin;
}

/** The sign-up code e-mailed to `email` (read from the development mailbox as the admin). */
export async function signUpCode(email: string): Promise<string> {
  const ctx = await adminRequest();
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await ctx.get('/api/v1/system/mailbox');
        const { messages } = (await res.json()) as {
          messages: Array<{ to: string; subject: string }>;
        };
        const mail = messages.find(
          (m) => m.to === email.toLowerCase() && m.subject.startsWith('Your Tenantry code: '),
        );
        code = mail?.subject.replace('Your Tenantry code: ', '');
        return code;
      },
      { timeout: 15_000, message: `a sign-up code for ${email}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Creates an account through the API as a person does (sign-up, then the code from the
 * e-mail); the page's browser context is then signed in.
 */
export async function signUpViaApi(page: Page, email = uniqueEmail(), name = 'Avery Quinn') {
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
    headers: origin,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const verified = await page.request.post('/api/v1/signup/verify', {
    data: { email, code: await signUpCode(email) },
    headers: origin,
  });
  expect(verified.ok(), await verified.text()).toBeTruthy();
  return { email, name };
}

/**
 * Signs in an existing user through the API (shares cookies with the page); the system admin
 * gives their authenticator code too.
 */
export async function signInViaApi(page: Page, email: string, password = PASSWORD) {
  await signInRequest(page.request, email, password);
}

/**
 * Waits until no CSS transition runs: a drawer or modal has finished opening, a colour scheme
 * has finished changing. (Animations that loop, such as a loader, are not waited for.)
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
}

export const test = base;
export { expect };

/** The newest sign-in code sent to `email`, read from the development mailbox as the admin. */
export async function codeFromMailbox(browser: Browser, email: string): Promise<string> {
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await signInViaApi(admin, ADMIN_EMAIL);
  let code = '';
  await expect(async () => {
    const res = await admin.request.get('/api/v1/system/mailbox');
    expect(res.ok()).toBeTruthy();
    const { messages } = (await res.json()) as { messages: { to: string; subject: string }[] };
    const mail = messages.find((m) => m.to === email && /sign-in code/.test(m.subject));
    expect(mail).toBeDefined();
    code = /(\d{6})$/.exec(mail!.subject)![1]!;
  }).toPass({ timeout: 15_000 });
  await ctx.close();
  return code;
}

/** A shared user signs in with a code, in their own browser, and lands on the tenant. */
export async function sharedSignIn(
  browser: Browser,
  tenantId: string,
  email: string,
): Promise<Page> {
  const ctx = await browser.newContext();
  const guest = await ctx.newPage();
  await guest.goto(`/sharedSignin/${tenantId}`);
  await guest.getByLabel('E-mail').fill(email);
  await guest.getByRole('button', { name: 'Send code' }).click();
  await expect(guest.getByText(/Enter the code we sent/)).toBeVisible();
  await guest.getByLabel('Code').fill(await codeFromMailbox(browser, email));
  await guest.getByRole('button', { name: 'Sign in' }).click();
  await expect(guest).toHaveURL(new RegExp(`/tenant/${tenantId}$`), { timeout: 30_000 });
  return guest;
}
