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

test('a new visitor signs up and lands on the welcome page', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Name').fill('Robin Park');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // The address is proven with the code from the e-mail, which signs in.
  await expect(page.getByText(`We sent a 6-digit code to`)).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await signUpCode(email));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await expect(page.getByText('Robin Park').first()).toBeVisible();

  // Getting started says what is left, from the account's real state, leads to the core
  // actions first and links only to built screens.
  const checklist = page.getByRole('region', { name: 'Getting started' });
  await expect(checklist.getByTestId('getting-started-progress')).toHaveText('1 of 6 done'); // the address, proven by the sign-up code
  await expect(
    checklist.getByRole('link', { name: 'Add your first client tenant' }),
  ).toHaveAttribute('href', '/tenant');
  await expect(checklist.getByRole('link', { name: 'Start an assessment' })).toBeVisible();
  await expect(
    checklist.getByRole('link', { name: 'Send a respondent link to your client' }),
  ).toBeVisible();
  for (const link of await checklist.getByRole('link').all()) {
    expect(await link.getAttribute('href')).toMatch(
      /^\/(tenant|admin\/(members|sharing)|explore|support|roadmap)$/,
    );
  }
  // Support is built: a link, not "coming soon".
  await expect(
    checklist.getByRole('link', { name: 'Ask our support team for help' }),
  ).toHaveAttribute('href', '/support');
  await expect(checklist.getByText('Coming soon')).toHaveCount(0);
  // The role that means something to the person: theirs in the account.
  await expect(page.getByText('Owner', { exact: true })).toBeVisible();
  await expect(page.getByText(/Role:/)).toHaveCount(0);

  // The header shows the new account's name.
  await expect(page.getByTestId('header-account')).toContainText('Robin Park');
});

test('Getting started ticks off a first client tenant', async ({ page }) => {
  await signUpViaApi(page);
  await page.request.post('/api/v1/tenants', {
    data: { name: 'First Client' },
    headers: { origin: BASE_URL },
  });
  await page.goto('/');
  const checklist = page.getByRole('region', { name: 'Getting started' });
  await expect(checklist.getByText('You added client tenants')).toBeVisible();
  await expect(checklist.getByTestId('getting-started-progress')).toHaveText('2 of 6 done');
  // Hidden, it stays hidden on the next visit, with a way back.
  await checklist.getByRole('button', { name: 'Hide' }).click();
  await expect(checklist).toBeHidden();
  await page.reload();
  await expect(
    page.getByRole('button', { name: 'Show the getting-started checklist (2 of 6 done)' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Getting started' })).toBeHidden();
});

test('a user signs out and back in', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  await page.goto('/signout');
  await expect(page).toHaveURL(/\/signin$/);
  // Signed out, the app hands the sign-in page over with a fresh load: wait for the address.
  await page.goto('/admin', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/signin$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a wrong password gets one generic message', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid e-mail or password')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test('a signed-in user opening /signin or /sharedSignin leaves it', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/signin');
  await expect(page).not.toHaveURL(/\/signin/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await page.goto('/sharedSignin/some-tenant');
  await expect(page).not.toHaveURL(/sharedSignin/);
});

test('forgot password sends a reset link to the mailbox and the new password works', async ({
  page,
  browser,
}) => {
  const { email } = await signUpViaApi(page);
  await page.context().clearCookies();
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(/If an account exists for that address/)).toBeVisible();

  // Read the development mailbox as a system admin in a separate browser context.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInViaApi(admin, ADMIN_EMAIL);
  let link = '';
  await expect(async () => {
    const res = await admin.request.get('/api/v1/system/mailbox');
    expect(res.ok()).toBeTruthy();
    const { messages } = (await res.json()) as { messages: { to: string; text: string }[] };
    const mail = messages.find((m) => m.to === email && /reset-password/.test(m.text));
    expect(mail).toBeDefined();
    link = /(https?:\/\/\S*reset-password\S*)/.exec(mail!.text)![1]!;
  }).toPass({ timeout: 15_000 });
  await adminCtx.close();

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-9');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass-9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
});
