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

// The service console's users tab (docs/service-console.md, "Service console: users"): a system
// admin finds a user by e-mail, ends their sessions (their browser is signed out on its next
// request), disables and enables them, and makes them a developer.
test('a system admin finds a user, ends their sessions, disables, enables and grants developer', async ({
  page,
  browser,
}) => {
  // Two browsers and a dozen round trips: more than the default budget on a busy machine.
  test.slow();
  // The user, signed in in a browser of their own.
  const theirs = await browser.newContext({ baseURL: BASE_URL });
  const userPage = await theirs.newPage();
  const email = uniqueEmail('users-tab');
  await signUpViaApi(userPage, email, 'Robin Console');
  const meOf = async () => (await userPage.request.get('/api/v1/me')).json();
  expect(await meOf()).toMatchObject({ email });

  await signInViaApi(page, ADMIN_EMAIL);
  await page.goto('/service/users');
  const search = page.getByRole('searchbox', { name: 'Search' });
  // The first screen after a sign-in loads the shell first: on a busy machine, seconds.
  await expect(search).toBeVisible({ timeout: 30_000 });
  await search.fill(email);
  await expect(page).toHaveURL(/[?&]q=/);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: email }).click();

  // The user's page.
  await expect(page).toHaveURL(/\/service\/users\/[^/?]+$/);
  await expect(page.getByRole('heading', { name: email })).toBeVisible();
  const sessions = page.getByRole('table', { name: 'Sessions' });
  await expect(sessions.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Accounts and roles' })).toContainText('owner');
  await expect(page.getByRole('table', { name: 'Sign-in history' })).toContainText('Signed in');

  // End every session: their browser is signed out on its next request.
  await page.getByRole('button', { name: 'End all sessions' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'End all sessions' }).click();
  await expect(page.getByText('Not signed in anywhere.')).toBeVisible();
  expect(await meOf()).toBeNull();

  // Disable: no sign-in. Enable: sign-in again.
  await page.getByRole('button', { name: 'Disable…' }).click();
  await dialog.getByLabel('Reason').fill('Suspicious sign-ins');
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Disabled: Suspicious sign-ins')).toBeVisible();
  const refused = await userPage.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: BASE_URL },
  });
  expect(refused.status()).toBe(403);

  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await dialog.getByRole('button', { name: 'Enable', exact: true }).click();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
  await signInViaApi(userPage, email);
  expect(await meOf()).toMatchObject({ email, isSystemDev: false });

  // Grant developer: theirs on their next request.
  await page.getByRole('button', { name: 'Grant developer' }).click();
  await dialog.getByRole('button', { name: 'Grant developer' }).click();
  await expect(page.getByRole('button', { name: 'Revoke developer' })).toBeVisible();
  expect(await meOf()).toMatchObject({ email, isSystemDev: true });

  await theirs.close();
});
