import { ADMIN_EMAIL, expect, signInViaApi, signUpViaApi, test, uniqueEmail } from './fixtures';

// Support access (docs/service-console.md): an owner allows it in admin/security; a system
// admin then views the account as one of its members, read-only, with the banner, and ends it.
test('an owner grants support access; a system admin views as a member, read-only, and ends it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await (await browser.newContext()).newPage();
  const email = uniqueEmail('support-owner');
  await signUpViaApi(owner, email, 'Sam Support');
  const me = (await (await owner.request.get('/api/v1/me')).json()) as { tid: string };

  await owner.goto('/admin/security');
  const card = owner.getByRole('region', { name: 'Support access' });
  await card.getByLabel('Allow Tenantry support to view this account for (days)').fill('3');
  await card.getByRole('button', { name: 'Allow support access' }).click();
  await expect(card.getByRole('button', { name: 'Revoke support access' })).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await signInViaApi(staff, ADMIN_EMAIL);
  await staff.goto(`/service/tenants/${me.tid}`);
  await staff.getByRole('button', { name: 'View as a member…' }).click();
  const dialog = staff.getByRole('dialog', { name: 'View as a member' });
  await expect(dialog.getByText(/have granted support access until/)).toBeVisible();
  await dialog.getByPlaceholder('Pick a member').click();
  await staff.getByRole('option', { name: new RegExp(email) }).click();
  await dialog.getByRole('button', { name: 'View as member' }).click();

  const banner = staff.getByRole('region', { name: 'Support session' });
  await expect(banner).toContainText(`Viewing as ${email} — Tenantry support, read-only`);
  const write = await staff.request.post('/api/v1/tenants', { data: { name: 'Not allowed' } });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { error: { code: string } }).error.code).toBe(
    'auth.support_read_only',
  );

  await banner.getByRole('button', { name: 'End support session' }).click();
  await expect(staff).toHaveURL(/\/service/);
  await expect(banner).toHaveCount(0);
  const back = (await (await staff.request.get('/api/v1/me')).json()) as { email: string };
  expect(back.email).toBe(ADMIN_EMAIL);
});
