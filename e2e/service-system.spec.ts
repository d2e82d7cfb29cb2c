import { ADMIN_EMAIL, BASE_URL, expect, signInViaApi, test } from './fixtures';

// The service console's overview and system tabs (docs/service-console.md, "Service console:
// overview and system"): the overview shows the service's figures, and a failed job is retried
// from the system tab. The failing job comes from a test hook (TEST_HOOKS=true,
// playwright.config.ts): it fails on its first run and succeeds when run again.
test('the overview shows figures and a failed job is retried from the system tab', async ({
  page,
}) => {
  // The job runs on the server's queue between the steps: give the journey room on a busy machine.
  test.setTimeout(180_000);
  await signInViaApi(page, ADMIN_EMAIL);

  await page.goto('/service/overview');
  const accounts = page.getByRole('region', { name: 'Accounts' });
  // The first screen after a sign-in loads the shell first: on a busy machine, seconds.
  await expect(accounts).toBeVisible({ timeout: 30_000 });
  await expect(accounts.getByLabel(/^Total: \d+$/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Subscriptions' }).getByLabel(/^MRR: /),
  ).toBeVisible();
  await expect(page.getByText(/^Counted /)).toBeVisible();
  await page.getByText('30 days', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]days=30/);
  await expect(page.getByRole('heading', { name: 'The last 30 days' })).toBeVisible();

  // A job that fails on its first run.
  const queued = await page.request.post('/api/v1/test/failing-job', {
    data: {},
    headers: { origin: BASE_URL },
  });
  expect(queued.status(), await queued.text()).toBe(201);

  await page.getByRole('tab', { name: 'System' }).click();
  await expect(page).toHaveURL(/\/service\/system/);
  await expect(page.getByRole('region', { name: 'Database' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Server processes' })).toContainText(/\d+/);
  const failed = page.getByRole('table', { name: 'Failed jobs' });
  // The job fails within a polling interval or two; the tab reads its lists again every 10 s.
  await expect(failed.getByRole('row').filter({ hasText: 'test.fail-once' })).toBeVisible({
    timeout: 60_000,
  });
  const row = failed.getByRole('row').filter({ hasText: 'test.fail-once' }).first();
  await expect(row).toContainText('Failed on purpose');

  await row.getByRole('button', { name: 'Retry the test.fail-once job' }).click();
  await expect(page.getByText('The test.fail-once job is queued again.')).toBeVisible();
  // Queued again, it leaves the failed list; run again, it completes.
  await expect(failed.getByRole('row').filter({ hasText: 'test.fail-once' })).toHaveCount(0);
  const queues = page.getByRole('table', { name: 'Job queues' });
  const queue = queues.getByRole('row').filter({ hasText: 'test.fail-once' });
  // Columns: queue, created, retry, active, completed, failed, cancelled.
  await expect(queue.getByRole('cell').nth(4)).toHaveText('1', { timeout: 60_000 });
  await expect(queue.getByRole('cell').nth(5)).toHaveText('0');
});
