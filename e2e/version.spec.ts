import { expect, test, signUpViaApi } from './fixtures';

test('a new deployment shows the version prompt and Refresh Now reloads', async ({ page }) => {
  await signUpViaApi(page);
  let timestamp = 1_000;
  const checks: string[] = [];
  await page.route('**/version.json*', async (route) => {
    checks.push(route.request().url());
    await route.fulfill({ json: { timestamp } });
  });
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');

  // Nothing before 30 s; the first check stores the baseline.
  await page.clock.runFor(29_000);
  expect(checks).toHaveLength(0);
  await page.clock.runFor(1_500);
  await expect.poll(() => checks.length).toBe(1);
  expect(checks[0]).toMatch(/\/version\.json\?t=\d+$/);
  await expect(page.getByText('A new version is available!')).toHaveCount(0);

  // Same version at the next check: still nothing.
  await page.clock.runFor(120_000);
  await expect.poll(() => checks.length).toBe(2);
  await expect(page.getByText('A new version is available!')).toHaveCount(0);

  // A new deployment: the prompt appears, polling stops.
  timestamp = 2_000;
  await page.clock.runFor(120_000);
  await expect(page.getByText('A new version is available!')).toBeVisible();
  await page.clock.runFor(600_000);
  expect(checks).toHaveLength(3);

  // It stays (no timeout) until acted on; Refresh Now reloads the page.
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Refresh Now' }).click();
  await reloaded;
  await expect(page.getByText('A new version is available!')).toHaveCount(0);
});

test('a failing version check only warns in the console', async ({ page }) => {
  await signUpViaApi(page);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.route('**/version.json*', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await page.clock.runFor(31_000);
  await expect.poll(() => warnings.length).toBeGreaterThan(0);
  await expect(page.getByText('A new version is available!')).toHaveCount(0);
});
