import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { BASE_URL, expect, runCli, signUpViaApi, test, uniqueEmail } from './fixtures';

/** The analytics events the page sends (their batches to /api/v1/analytics/events). */
function collectEvents(page: Page) {
  const events: Array<{ name: string; path?: string }> = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/v1/analytics/events')) {
      const body = req.postData();
      if (body) events.push(...(JSON.parse(body) as { events: typeof events }).events);
    }
  });
  return events;
}

async function createTenantViaApi(page: Page, name: string) {
  const res = await page.request.post('/api/v1/tenants', {
    data: { name },
    headers: { origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a new owner on Free hits the client-tenant limit, upgrades through the sandbox checkout, a failed payment shows the past-due banner, and a downgrade is recorded', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('billing-owner');
  await signUpViaApi(page, email);
  // The trial is over: the account is on Free (3 client tenants).
  await runCli(['end-trial', email]);
  for (const n of [1, 2, 3]) await createTenantViaApi(page, `Client ${n}`);
  const events = collectEvents(page);

  // The fourth tenant: the lock and the way to the plans show before any form is filled.
  await page.goto('/tenant');
  const lock = page.getByTestId('upgrade-prompt');
  await expect(lock).toContainText('Your plan has no room for more client tenants');
  await expect(lock).toContainText(/Free plan includes 3 client tenants/);
  await expect(page.getByRole('button', { name: 'New client tenant' })).toHaveCount(0);
  await lock.getByRole('link', { name: 'See plans' }).click();

  // admin/billing: usage at the limit, Pro chosen, the sandbox's own checkout page.
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await expect(page.getByRole('progressbar', { name: 'Client tenants: 3 of 3' })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade: Pro' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/billing\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Subscribe to Tenantry Pro' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();

  // checkout-success records `purchase`, then the billing tab says what happened.
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await expect(page.getByText('Purchase complete')).toBeVisible();
  await expect.poll(() => events.filter((e) => e.name === 'purchase').length).toBe(1);

  // The tenant the plan refused before is created now.
  await createTenantViaApi(page, 'Client 4');

  // A failed payment (simulated in the sandbox portal): the past-due banner on every page.
  await page.goto('/admin/billing');
  await page.getByRole('button', { name: 'Update payment method' }).first().click();
  await expect(page).toHaveURL(/\/sandbox\/billing\/portal/);
  await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
  const banner = page.getByTestId('past-due-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('$49');
  await page.goto('/tenant');
  await expect(page.getByTestId('past-due-banner')).toBeVisible();

  // Downgrade to Free: records `downgrade_subscription` and lands on the billing tab.
  await page.goto('/admin/billing');
  await page.getByRole('button', { name: 'Downgrade: Free' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Downgrade to Free' }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await expect(page.getByText('Your plan is downgraded')).toBeVisible();
  await expect.poll(() => events.filter((e) => e.name === 'downgrade_subscription').length).toBe(1);
});

test('the billing tab shows file storage against the plan’s quota, empty at first', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('billing-storage');
  await signUpViaApi(page, email);
  await page.goto('/admin/billing');
  const storage = page.getByTestId('usage-storage');
  await expect(storage).toHaveAttribute('data-state', 'empty');
  await expect(storage).toContainText('0 bytes of 10 GB');
  await expect(storage).toContainText('No files stored yet.');
  await expect(
    storage.getByRole('progressbar', { name: 'File storage: 0 bytes of 10 GB, 0% used' }),
  ).toBeAttached(); // an empty bar: its filled part has no width
  await expect(page.getByText('File storage: 250 MB')).toBeVisible();
  // Screenshots for a person to look at (SHOTS_DIR, or the test's output folder).
  const shot = (name: string) =>
    process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);
  const usage = page.locator('#billing-usage');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await usage.evaluate((el) => {
      el.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -80); // below the sticky header
    });
    await page.screenshot({ path: shot(`billing-storage-${width}.png`) });
  }
});
