import type { Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  PASSWORD,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
  signUpCode,
} from './fixtures';

/** The invitation link e-mailed to `to`, read from the development mailbox as the system admin. */
async function invitationLink(page: Page, to: string): Promise<string> {
  const admin = await page.context().browser()!.newContext({ baseURL: BASE_URL });
  const adminPage = await admin.newPage();
  await signInViaApi(adminPage, ADMIN_EMAIL);
  let link = '';
  await expect(async () => {
    const res = await adminPage.request.get('/api/v1/system/mailbox');
    expect(res.ok()).toBeTruthy();
    const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
    const mail = messages.find((m) => m.to === to && /\/invitations\//.test(m.text));
    expect(mail).toBeDefined();
    link = /(https?:\/\/\S*\/invitations\/[\w-]+)/.exec(mail!.text)![1]!;
  }).toPass({ timeout: 15_000 });
  await admin.close();
  return link;
}

test('an owner invites a member who signs up through the link and joins the account', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // The owner: an account with one client tenant.
  await signUpViaApi(page, uniqueEmail('owner'), 'Olive Owner');
  const tenantName = `Acme ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/v1/tenants', {
    data: { name: tenantName },
    headers: { origin: BASE_URL },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  // Invites by e-mail from admin/members.
  const invitee = uniqueEmail('invitee');
  await page.goto('/admin/members');
  await expect(page.getByRole('table', { name: 'Members' })).toContainText('Olive Owner');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pending invitations' })).toContainText(invitee);

  // The invitee opens the link, creates an account with the address prefilled, and accepts.
  const link = await invitationLink(page, invitee);
  const inviteeCtx = await browser.newContext({ baseURL: BASE_URL });
  const guest = await inviteeCtx.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1 })).toContainText('Join');
  await expect(guest.getByText('as Member')).toBeVisible();
  await guest.getByRole('link', { name: 'Create an account' }).click();
  await expect(guest).toHaveURL(/\/signup\?/);
  await expect(guest.getByRole('heading', { level: 1, name: 'Create your sign-in' })).toBeVisible();
  await expect(guest.getByText(/Create your sign-in to join .* as Member/)).toBeVisible();
  await expect(guest.getByText(/owner of a new account/)).toHaveCount(0);
  await expect(guest.getByLabel('E-mail')).toHaveValue(invitee);
  await guest.getByLabel('Name').fill('Ines Invitee');
  await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await guest.getByRole('button', { name: 'Create account' }).click();
  // The address is proven with the code from the e-mail, which signs in.
  await expect(guest.getByText(`We sent a 6-digit code to`)).toBeVisible();
  await guest.getByLabel('Code', { exact: true }).fill(await signUpCode(invitee));
  await guest.getByRole('button', { name: 'Continue' }).click();
  await expect(guest).toHaveURL(/\/invitations\//);
  await guest.getByRole('button', { name: 'Accept invitation' }).click();

  // Lands on the account's client tenants.
  await expect(guest).toHaveURL(/\/tenant$/);
  await expect(guest.getByRole('heading', { level: 1 })).toContainText('Client tenants');
  await expect(guest.getByRole('link', { name: tenantName }).first()).toBeVisible();
  await inviteeCtx.close();

  // The owner sees them among the members and makes them an admin.
  await page.goto('/admin/members');
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members).toContainText('Ines Invitee');
  await expect(page.getByText('No pending invitations.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Role of Ines Invitee' }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await expect(page.getByRole('combobox', { name: 'Role of Ines Invitee' })).toHaveValue('Admin');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Role of Ines Invitee' })).toHaveValue('Admin');

  // The audit tab lists the invitation, the join and the role change.
  await page.getByRole('tab', { name: 'Audit' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit).toContainText(`Invited ${invitee} as member`);
  await expect(audit).toContainText(`${invitee} joined as member`);
  await expect(audit).toContainText(`Changed the role of ${invitee} from member to admin`);
});

test('an owner renames the account', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('namer'), 'Nora Namer');
  await page.goto('/admin/general');
  const name = page.getByRole('textbox', { name: 'Account name' });
  await name.fill('Northwind Assessors');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Account name' })).toHaveValue(
    'Northwind Assessors',
  );
});
