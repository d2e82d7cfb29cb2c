import type { Page } from '@playwright/test';
import { expect, test, signUpViaApi } from './fixtures';

const START = new Date('2026-01-01T09:00:00Z').getTime();

/** A fake clock that runs in real time until the page has loaded (see pauseAfterLoad). */
async function pauseClock(page: Page) {
  await page.clock.install({ time: START });
}

/**
 * Stops the page's clock once the app has rendered and answers how long it ran: the app's
 * timers started after the clock was installed, so at most that long ago. A slow page load on a
 * busy machine then never counts towards the 30 s before the first check.
 */
async function pauseAfterLoad(page: Page): Promise<number> {
  // A moment ahead of the page's time, so the clock has not passed it when the call arrives.
  const at = (await page.evaluate(() => Date.now())) + 2_000;
  await page.clock.pauseAt(at);
  return at - START;
}

test('a new deployment shows the version prompt and Refresh Now reloads', async ({ page }) => {
  await signUpViaApi(page);
  let timestamp = 1_000;
  const checks: string[] = [];
  await page.route('**/version.json*', async (route) => {
    checks.push(route.request().url());
    await route.fulfill({ json: { timestamp } });
  });
  await pauseClock(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  const elapsed = await pauseAfterLoad(page);

  // Nothing before 30 s; the first check stores the baseline.
  await page.clock.runFor(29_000 - elapsed);
  expect(checks).toHaveLength(0);
  await page.clock.runFor(elapsed + 1_500);
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
  await pauseClock(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
  await pauseAfterLoad(page);
  await page.clock.runFor(31_000);
  await expect.poll(() => warnings.length).toBeGreaterThan(0);
  await expect(page.getByText('A new version is available!')).toHaveCount(0);
});
