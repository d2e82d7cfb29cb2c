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

const SHOTS = '.tmp/service-accounts-screens';

// The service console's accounts tab (docs/service-console.md, "Service console: accounts").
test('a system admin finds an account by its owner’s e-mail, suspends it (the member is told and cannot write) and restores it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await (await browser.newContext()).newPage();
  const email = uniqueEmail('accounts-owner');
  await signUpViaApi(customer, email, 'Sasha Suspended');

  const staff = await (await browser.newContext()).newPage();
  await signInViaApi(staff, ADMIN_EMAIL);
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.goto('/service/accounts');
  // The first screen after a sign-in loads the shell first: on a busy machine, seconds.
  await expect(staff.getByRole('searchbox', { name: 'Search' })).toBeVisible({ timeout: 30_000 });
  await staff.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(staff).toHaveURL(/[?&]q=/);
  const table = staff.getByRole('table', { name: 'Accounts' });
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one account
  await staff.screenshot({ path: `${SHOTS}/list-1280.png` });

  await row.getByRole('link').first().click();
  await expect(staff).toHaveURL(/\/service\/accounts\/[^/?]+$/);
  const members = staff.getByRole('region', { name: /^Members/ });
  await expect(members.getByText(email)).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Plan & usage' })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Export and deletion' })).toBeVisible();

  // Suspend, with a reason.
  await staff.getByRole('button', { name: 'Suspend…' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Suspend the account' });
  await transitionsDone(staff);
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Terms of service review');
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText(/Terms of service review/).first()).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Restore account' })).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/suspended-1280.png`, fullPage: true });
  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.screenshot({ path: `${SHOTS}/suspended-375.png`, fullPage: true });
  await staff.setViewportSize({ width: 1280, height: 900 });

  // The member sees why, and a write is refused.
  await customer.goto('/');
  const banner = customer.getByTestId('account-suspended-banner');
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await expect(banner).toContainText('Terms of service review');
  const refused = await customer.request.patch('/api/v1/account', {
    data: { name: 'Still here' },
    headers: { origin: BASE_URL },
  });
  expect(refused.status()).toBe(423);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    'account.suspended',
  );
  expect((await customer.request.get('/api/v1/account')).status()).toBe(200);

  // Restore: the member can write again and the banner is gone.
  await staff.getByRole('button', { name: 'Restore account' }).click();
  await expect(staff.getByRole('button', { name: 'Suspend…' })).toBeVisible();
  const allowed = await customer.request.patch('/api/v1/account', {
    data: { name: 'Still here' },
    headers: { origin: BASE_URL },
  });
  expect(allowed.status()).toBe(200);
  await customer.reload();
  await expect(customer.getByTestId('header-account')).toBeVisible({ timeout: 30_000 });
  await expect(customer.getByTestId('account-suspended-banner')).toHaveCount(0);

  // The audit card has both actions, and links to the audit tab filtered by the account.
  const activity = staff.getByRole('region', { name: 'Activity & audit' });
  await expect(activity.getByText('A system admin restored the account')).toBeVisible();
  await expect(activity.getByRole('link', { name: 'Full audit log' })).toHaveAttribute(
    'href',
    /\/service\/audit\?account=/,
  );
});
