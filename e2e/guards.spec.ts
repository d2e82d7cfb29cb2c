import { expect, test, signUpViaApi, signInViaApi, ADMIN_EMAIL } from './fixtures';

// One concrete path for every auth-required row of the route table.
const AUTH_REQUIRED = [
  '/',
  '/home',
  '/explore',
  '/explore/frameworks',
  '/explore/frameworks/t1',
  '/tenant',
  '/tenant/t1',
  '/tenant/t1/overview',
  '/tenant/t1/baseline/s1',
  '/admin',
  '/admin/members',
  '/support',
  '/roadmap',
  '/developer',
  '/contentAdmin',
  '/contentAdmin/frameworks',
  '/contentAdmin/frameworks/f1',
  '/service',
  '/service/accounts',
  '/service/accounts/a1',
  '/service/tenants/a1',
  '/service/tenants/a1/t1',
  '/service/tenants/a1/t1/f1',
  '/signout',
];

test('an unauthenticated visit to each auth-required route lands on /signin', async ({ page }) => {
  // 24 full page loads in one test (about 0.7 s each alone, twice that beside the other
  // worker on a 2-core CI machine): the per-test default of 30 s is for one journey.
  test.setTimeout(90_000);
  for (const path of AUTH_REQUIRED) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/signin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  }
});

test('guest pages and the respondent page open without signing in', async ({ page }) => {
  await page.goto('/sharedSignin/t1');
  await expect(page.getByRole('heading', { level: 1, name: 'Shared sign-in' })).toBeVisible();
  // The respondent page is its own entry (in-progress.html): without a token it says so.
  await page.goto('/in-progress/a1/t1');
  await expect(page).toHaveURL(/\/in-progress\/a1\/t1$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This link is incomplete' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // With one, the token leaves the address bar at once.
  await page.goto('/in-progress/a1/t1?token=rsp_not-a-token-of-ours-at-all');
  await expect(page).toHaveURL(/\/in-progress\/a1\/t1$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('a non-admin on a service route does not see the console', async ({ page }) => {
  await signUpViaApi(page);
  for (const path of ['/service', '/service/accounts', '/service/tenants/a1/t1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Service console' })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Service' })).toHaveCount(0);
});

test('a system admin opens the service console with its tabs as URL segments', async ({ page }) => {
  await signInViaApi(page, ADMIN_EMAIL);
  await page.goto('/service');
  await expect(page.getByRole('heading', { level: 1, name: 'Service console' })).toBeVisible();
  await page.getByRole('tab', { name: /accounts/i }).click();
  await expect(page).toHaveURL(/\/service\/accounts$/);
});

test('tabs are URL segments and the page scrolls to the top on navigation', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await page.getByRole('tab', { name: /members/i }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(page.getByRole('tab', { name: /members/i })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.goto('/admin/audit');
  await expect(page.getByRole('tab', { name: /audit/i })).toHaveAttribute('aria-selected', 'true');

  await page.setViewportSize({ width: 1280, height: 300 });
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
    window.scrollTo(0, 1500);
  });
  await page.getByRole('tab', { name: /general/i }).click();
  await expect(page).toHaveURL(/\/admin\/general$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the app is usable on a 375 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpViaApi(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow).toBe(false);
});
