import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, expect, signInViaApi, signUpViaApi, test, uniqueEmail } from './fixtures';

// The service console's analytics tab (docs/service-console.md, "Service console: analytics"):
// new sign-ups reach the activation funnel once the rollups run, and the range downloads as CSV.

const today = () => new Date().toISOString().slice(0, 10);

/** The count of the funnel's "Signed up" step, as the screen shows it. */
async function signedUp(page: Page): Promise<number> {
  const step = page
    .getByRole('list', { name: 'Activation funnel' })
    .getByRole('listitem', { name: /^Signed up: / });
  const label = (await step.getAttribute('aria-label')) ?? '';
  return Number(label.replace(/\D+/g, ''));
}

test('the analytics funnel shows new sign-ups, and the range downloads as CSV', async ({
  page,
  browser,
}) => {
  // Three sign-ups (each reads its code from the mailbox) and two roll-ups: a long journey.
  test.setTimeout(120_000);
  await signInViaApi(page, ADMIN_EMAIL);
  const day = today();
  await page.goto(`/service/analytics?from=${day}&to=${day}`);
  const refresh = page.getByRole('button', { name: 'Refresh now' });
  // The first screen after a sign-in loads the shell first: on a busy machine, seconds.
  await expect(refresh).toBeVisible({ timeout: 30_000 });
  await refresh.click();
  await expect(refresh).not.toHaveAttribute('data-loading', 'true');
  const funnel = page.getByRole('list', { name: 'Activation funnel' });
  await expect(funnel.getByRole('listitem', { name: /^Signed up: \d+$/ })).toBeVisible();
  const before = await signedUp(page);

  // Three people sign up (and verify) in their own browsers, side by side.
  await Promise.all(
    [1, 2, 3].map(async () => {
      const ctx = await browser.newContext();
      await signUpViaApi(await ctx.newPage(), uniqueEmail('analytics-signup'));
      await ctx.close();
    }),
  );

  await refresh.click();
  await expect.poll(() => signedUp(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(before + 3);
  await expect(
    funnel.getByRole('listitem', { name: /^Verified their address: \d+$/ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Daily active users over 1 days/ })).toBeVisible();

  // A preset writes the range into the URL.
  await page
    .locator('label')
    .filter({ hasText: /^7 days$/ })
    .click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole('img', { name: /Daily active users over 7 days/ })).toBeVisible();

  // The CSV link carries the range; the file has a row a day.
  const csvLink = page.getByRole('link', { name: 'Download CSV' });
  await expect(csvLink).toHaveAttribute('href', /\/api\/v1\/service\/analytics\/export\?from=/);
  const res = await page.request.get((await csvLink.getAttribute('href'))!);
  expect(res.ok()).toBeTruthy();
  expect(res.headers()['content-disposition']).toMatch(/tenantry-analytics-.*\.csv/);
  const csv = (await res.text()).replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'day,daily_active,weekly_active,page_views,signups,purchases,upgrades,downgrades,checkouts_cancelled',
  );
  expect(lines).toHaveLength(8);
});
