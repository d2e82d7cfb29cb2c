import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  transitionsDone,
  uniqueEmail,
} from './fixtures';

const origin = { origin: BASE_URL };

/** The invitation token e-mailed to `to`, read from the development mailbox as the admin. */
async function invitationToken(page: Page, to: string): Promise<string> {
  const admin = await page.context().browser()!.newContext({ baseURL: BASE_URL });
  const adminPage = await admin.newPage();
  await signInViaApi(adminPage, ADMIN_EMAIL);
  let token = '';
  await expect(async () => {
    const res = await adminPage.request.get('/api/v1/system/mailbox');
    expect(res.ok()).toBeTruthy();
    const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
    const mail = messages.find((m) => m.to === to && /\/invitations\//.test(m.text));
    expect(mail).toBeDefined();
    token = /\/invitations\/([\w-]+)/.exec(mail!.text)![1]!;
  }).toPass({ timeout: 15_000 });
  await admin.close();
  return token;
}

test('an owner limits a member to one client tenant: the member sees only it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  // Screenshots for a person to look at (SHOTS_DIR, or the test's output folder).
  const shot = (name: string) =>
    process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);

  // The owner: an account with two client tenants.
  await signUpViaApi(page, uniqueEmail('owner'), 'Olive Owner');
  const suffix = Date.now().toString(36);
  const tenant = async (name: string) => {
    const res = await page.request.post('/api/v1/tenants', { data: { name }, headers: origin });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { id: string }).id;
  };
  const acme = `Acme ${suffix}`;
  const globex = `Globex ${suffix}`;
  await tenant(acme);
  const globexId = await tenant(globex);

  // A member joins by invitation (through the API: members.spec.ts walks the screens).
  const memberEmail = uniqueEmail('member');
  const invited = await page.request.post('/api/v1/invitations', {
    data: { email: memberEmail, role: 'member' },
    headers: origin,
  });
  expect(invited.ok(), await invited.text()).toBeTruthy();
  const token = await invitationToken(page, memberEmail);
  const memberCtx = await browser.newContext({ baseURL: BASE_URL });
  const member = await memberCtx.newPage();
  await signUpViaApi(member, memberEmail, 'Mia Member');
  const accepted = await member.request.post(`/api/v1/invitations/by-token/${token}/accept`, {
    data: {},
    headers: origin,
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();

  // Before: the member reaches both.
  await member.goto('/tenant');
  await expect(member.getByRole('link', { name: globex }).first()).toBeVisible();

  // The owner limits them to Acme on the members screen.
  await page.goto('/admin/members');
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members).toContainText('Mia Member');
  await page.getByRole('button', { name: 'Edit the client-tenant access of Mia Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Client-tenant access of Mia Member' });
  await expect(dialog).toBeVisible();
  await dialog.getByText('Only these', { exact: true }).click();
  const picker = dialog.getByRole('combobox', { name: 'Client tenants they reach' });
  await picker.fill('acme');
  await page.getByRole('option', { name: acme }).click();
  await expect(dialog.getByText(acme)).toBeVisible();
  // The list stays open for more: a click on the dialog's text closes it.
  await dialog.getByText('They reach only the client tenants chosen here').click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await transitionsDone(page);
  // The dialog passes axe as the a11y suite counts it (serious and critical), its controls'
  // visible text in their names (WCAG 2.5.3) included.
  const axe = await new AxeBuilder({ page })
    .include('[role=dialog]')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  await page.screenshot({ path: shot('tenant-access-dialog-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await transitionsDone(page);
  await page.screenshot({ path: shot('tenant-access-dialog-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Save access' }).click();
  await expect(dialog).toBeHidden();
  const row = members.getByRole('row', { name: /Mia Member/ });
  await expect(row).toContainText('1 client tenant');
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Members' }).getByRole('row', { name: /Mia Member/ }),
  ).toContainText('1 client tenant');
  await page.screenshot({ path: shot('members-access-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('row', { name: /Mia Member/ })).toContainText('1 client tenant');
  await page.screenshot({ path: shot('members-access-375.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The member now sees only Acme, in the list and its search.
  await member.goto('/tenant');
  await expect(member.getByRole('link', { name: acme }).first()).toBeVisible();
  await expect(member.getByRole('link', { name: globex })).toHaveCount(0);
  // Globex's own address is not found, as another account's tenant would be.
  await member.goto(`/tenant/${globexId}/overview`);
  await expect(member.getByText('Client tenant not found')).toBeVisible();
  await expect(member.getByText(globex)).toHaveCount(0);
  await memberCtx.close();

  // The audit log records the change, with what it was and what it is.
  await page.goto('/admin/audit');
  await expect(page.getByRole('table', { name: 'Audit log' })).toContainText(
    `Changed the client-tenant access of ${memberEmail} from all client tenants to only 1 client tenant (${acme})`,
  );
});
