import type { Browser, Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  codeFromMailbox,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

const origin = { origin: BASE_URL };

async function createTenant(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/v1/tenants', { data: { name }, headers: origin });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The shared sign-in link e-mailed to `to`, read from the development mailbox as the admin. */
async function shareLink(browser: Browser, to: string): Promise<string> {
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await signInViaApi(admin, ADMIN_EMAIL);
  let link = '';
  await expect(async () => {
    const res = await admin.request.get('/api/v1/system/mailbox');
    expect(res.ok()).toBeTruthy();
    const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
    const mail = messages.find((m) => m.to === to && /\/sharedSignin\//.test(m.text));
    expect(mail).toBeDefined();
    link = /https?:\/\/\S*(\/sharedSignin\/\S+)/.exec(mail!.text)![1]!;
  }).toPass({ timeout: 15_000 });
  await ctx.close();
  return link;
}

test('an owner shares a tenant; the invitee signs in with a code, sees only that tenant, and loses access on revocation', async ({
  page,
  browser,
}) => {
  // The owner creates two client tenants and shares one with an outside address.
  await signUpViaApi(page, uniqueEmail('share-owner'), 'Olive Owner');
  const renamed = await page.request.patch('/api/v1/account', {
    data: { name: 'Olive Owner Consulting' },
    headers: origin,
  });
  expect(renamed.status(), await renamed.text()).toBe(200);
  const shared = await createTenant(page, 'Acme Shared Ltd');
  const other = await createTenant(page, 'Globex Private');
  const invitee = uniqueEmail('client-contact');
  const shareRes = await page.request.post(`/api/v1/tenants/${shared}/shares`, {
    data: { email: invitee, role: 'viewer' },
    headers: origin,
  });
  expect(shareRes.status(), await shareRes.text()).toBe(201);
  const shareId = ((await shareRes.json()) as { id: string }).id;

  // The invitee opens the link from the e-mail in their own browser; it carries the share's
  // id, so the page names the account that shared the tenant.
  const link = await shareLink(browser, invitee);
  expect(link).toBe(`/sharedSignin/${shared}?share=${shareId}`);
  const guestCtx = await browser.newContext();
  const guest = await guestCtx.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: 'Shared sign-in' })).toBeVisible();
  await expect(
    guest.getByText(/^Olive Owner Consulting shared a client tenant with you\./),
  ).toBeVisible();
  await guest.getByLabel('E-mail').fill(invitee);
  await guest.getByRole('button', { name: 'Send code' }).click();
  await expect(guest.getByText(/Enter the code we sent/)).toBeVisible();
  const code = await codeFromMailbox(browser, invitee);
  await guest.getByLabel('Code').fill(code);
  await guest.getByRole('button', { name: 'Sign in' }).click();

  // They land on the tenant in the shared-tenant layout, with its name.
  await expect(guest).toHaveURL(new RegExp(`/tenant/${shared}$`));
  // The header names the provider that shared it.
  await expect(guest.getByTestId('shared-by')).toContainText(/^Shared by .*Olive Owner/);
  await expect(guest.getByTestId('shared-tenant-name')).toHaveText('Acme Shared Ltd');
  // Only what they can use: no sharing or settings, no list of client tenants to go back to.
  const tabs = guest.getByRole('tablist', { name: 'Client tenant sections' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Overview',
    'Assessments',
    'Baseline',
    'Remediation',
    'Evidence',
  ]);
  await guest.goto(`/tenant/${shared}/settings`);
  await expect(guest).toHaveURL(new RegExp(`/tenant/${shared}/overview$`));
  // Their menu: who they are, and Sign out.
  await guest.getByRole('button', { name: 'User menu' }).click();
  await expect(guest.getByRole('menu')).toContainText(invitee);
  await expect(guest.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await expect(guest.getByRole('menuitem', { name: /Profile/ })).toHaveCount(0);
  await guest.keyboard.press('Escape');
  const me = (await (await guest.request.get('/api/v1/me')).json()) as Record<string, unknown>;
  expect(me).toMatchObject({ tid: null, ttid: shared, isSharedUser: true });

  // Routes without shared access send them back to their tenant.
  for (const path of ['/admin', '/explore', '/support']) {
    await guest.goto(path);
    await expect(guest, path).toHaveURL(new RegExp(`/tenant/${shared}$`));
  }

  // Another tenant of the same account stays closed.
  expect((await guest.request.get(`/api/v1/tenants/${other}`)).status()).toBe(404);
  expect((await guest.request.get(`/api/v1/tenants/${other}/shares`)).status()).toBe(404);
  await guest.goto(`/tenant/${other}`);
  await expect(guest.getByText('Globex Private')).toHaveCount(0);
  await expect(guest.getByText('It is not shared with you.')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Back to client tenants' })).toHaveCount(0);

  // The owner revokes the share; the guest's next click is refused and they are told their
  // access to that client tenant was removed, on its shared sign-in page.
  await guest.goto(`/tenant/${shared}`);
  await expect(guest.getByTestId('shared-tenant-name')).toHaveText('Acme Shared Ltd');
  const revoke = await page.request.delete(`/api/v1/shares/${shareId}`, { headers: origin });
  expect(revoke.status(), await revoke.text()).toBe(204);
  await tabs.getByRole('tab', { name: 'Remediation' }).click();
  await expect(guest).toHaveURL(new RegExp(`/sharedSignin/${shared}$`));
  await expect(
    guest.getByRole('heading', { level: 1, name: 'Your access has ended' }),
  ).toBeVisible();
  await expect(guest.getByText('Your access to Acme Shared Ltd was removed')).toBeVisible();
  await expect(guest.getByLabel('E-mail')).toBeVisible();
  expect(await (await guest.request.get('/api/v1/me')).json()).toBeNull();
  // The revoked share's link names nobody any more: once the page has its answer, the
  // generic text stays.
  const revokedAnswer = guest.waitForResponse((r) => r.url().includes(`/shares/${shareId}`));
  await guest.goto(link);
  expect(await (await revokedAnswer).json()).toEqual({ accountName: null, brand: null });
  await expect(guest.getByText(/^Someone shared a client tenant with you\./)).toBeVisible();
  await guestCtx.close();
});

test('asking for a code for an address without a share looks the same, and a made-up code fails', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page, uniqueEmail('quiet-owner'));
  const tenant = await createTenant(page, 'Initech');
  const stranger = uniqueEmail('stranger');
  const guestCtx = await browser.newContext();
  const guest = await guestCtx.newPage();
  // A made-up share id in the link names nobody (the same answer as for a revoked share).
  const madeUp = '00000000-0000-4000-8000-000000000000';
  const answer = guest.waitForResponse((r) => r.url().includes(`/shares/${madeUp}`));
  await guest.goto(`/sharedSignin/${tenant}?share=${madeUp}`);
  const answered = await answer;
  expect(answered.status()).toBe(200);
  expect(await answered.json()).toEqual({ accountName: null, brand: null });
  await expect(guest.getByText(/^Someone shared a client tenant with you\./)).toBeVisible();
  await guest.getByLabel('E-mail').fill(stranger);
  await guest.getByRole('button', { name: 'Send code' }).click();
  // The same answer as for a shared address…
  await expect(guest.getByText(/Enter the code we sent/)).toBeVisible();
  // …and a made-up code fails with the generic message.
  await guest.getByLabel('Code').fill('123456');
  await guest.getByRole('button', { name: 'Sign in' }).click();
  await expect(guest.getByRole('alert')).toContainText('not valid or has expired');
  await expect(guest).toHaveURL(new RegExp(`/sharedSignin/${tenant}\\?share=`));
  await guestCtx.close();
});
