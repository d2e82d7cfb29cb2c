import { ADMIN_EMAIL, PASSWORD, adminTotpCode, expect, test, uniqueEmail } from './fixtures';

// The service console's audit tab (docs/service-console.md, "Service console: audit"): sign-ins
// and failed sign-ins are recorded, the log filters by action, and the hash chain verifies.
test('the system admin finds their sign-in in the audit log, filters it, and verifies the chain', async ({
  page,
}) => {
  // Someone tries an address that has no account: a failed sign-in, with that address.
  const stranger = uniqueEmail('audit-stranger');
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(stranger);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid e-mail or password')).toBeVisible();

  // The system admin signs in on the same page.
  await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The admin's second factor (docs/identity.md).
  await page.getByLabel('Authentication code').fill(await adminTotpCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/signin/);

  await page.goto('/service/audit');
  const log = page.getByRole('table', { name: 'Audit log' });
  // The first screen after a sign-in loads the shell first: on a busy machine, seconds.
  await expect(log).toBeVisible({ timeout: 30_000 });
  const ownSignIn = log
    .getByRole('row')
    .filter({ hasText: `${ADMIN_EMAIL} signed in with a password and an authenticator code` })
    .first();
  await expect(ownSignIn).toBeVisible();
  await expect(ownSignIn).toContainText('127.0.0.1');

  // Filter by kind: sign-ins and failed sign-ins only.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Sign-ins and failed sign-ins' }).click();
  await expect(page).toHaveURL(/[?&]action=auth\.(&|$)/);
  const failed = log.getByRole('row').filter({ hasText: `A sign-in as ${stranger} failed` });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('wrong e-mail or password');
  await expect(ownSignIn).toBeVisible();

  // Then one action: only failed sign-ins are left.
  await page.getByRole('combobox', { name: 'Action' }).fill('auth.sign_in_failed');
  await page.getByRole('option', { name: 'auth.sign_in_failed' }).click();
  await expect(page).toHaveURL(/[?&]action=auth\.sign_in_failed/);
  await expect(failed).toBeVisible();
  await expect(log.getByRole('row').filter({ hasText: 'signed in with a password' })).toHaveCount(
    0,
  );

  // The export carries the same filter.
  const csv = page.getByRole('link', { name: 'Download CSV' });
  await expect(csv).toHaveAttribute('href', /action=auth\.sign_in_failed/);

  // The hash chain verifies.
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByText('The audit chain is intact')).toBeVisible();
  await expect(page.getByText(/sealed entr(y|ies) checked: none changed or missing/)).toBeVisible();
});
