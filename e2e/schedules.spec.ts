import path from 'node:path';
import { request as playwrightRequest, type APIResponse } from '@playwright/test';
import { ADMIN_EMAIL, BASE_URL, expect, signInRequest, signUpViaApi, test } from './fixtures';
import { publishWorkedExample } from './frameworks';

// Recurring assessments (docs/scheduling.md): an owner sets a quarterly schedule on a client
// tenant whose assessment is completed; the clock is moved to the schedule's creation day
// through the test hook (`POST /api/v1/test/run-as-of`, system admin, TEST_HOOKS only); the
// next assessment is there, started from the completed one by its schedule, its answers
// carried to confirm.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test('an owner sets a quarterly schedule and the next assessment is created at its lead time', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (name: string) =>
    process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);
  await signUpViaApi(page);
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Northwind' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(page.request);
  const base = `/api/v1/tenants/${tenant.id}/assessments`;
  const previous = await ok<{ id: string }>(
    page.request.post(base, {
      data: { frameworkId, version: 1, name: 'Spring review' },
      headers: origin,
    }),
  );
  const answers = { Q1: { value: 'yes' }, Q2: { value: 2 }, Q5: { na: true } };
  for (const [key, body] of Object.entries(answers)) {
    await ok(
      page.request.put(`${base}/${previous.id}/answers/${key}`, { data: body, headers: origin }),
    );
  }
  await ok(page.request.post(`${base}/${previous.id}/complete`, { data: {}, headers: origin }));

  // The tenant's assessments tab: no schedule yet.
  await page.goto(`/tenant/${tenant.id}/assessments`);
  const schedules = page.locator('#schedules');
  await expect(schedules.getByText('No schedules yet.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await schedules.getByRole('button', { name: 'New schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New schedule' });
  await dialog.getByRole('combobox', { name: 'Framework' }).click();
  await page
    .getByRole('option', { name: /Worked example/ })
    .first()
    .click();
  const anchor = day(60);
  await dialog.getByLabel('First due date').fill(anchor);
  await expect(dialog.getByText('Next assessments')).toBeVisible();
  await page.screenshot({ path: shot('schedules-new-1280.png') });
  await dialog.getByRole('button', { name: 'Set up schedule' }).click();
  await expect(dialog).toBeHidden();

  const card = schedules.getByRole('article', { name: 'Worked example: quarterly' });
  await expect(card).toBeVisible();
  await expect(card.getByText('active')).toBeVisible();
  await expect(card.getByText('Next assessments')).toBeVisible();
  const { items } = await ok<{ items: Array<{ next: Array<{ createOn: string }> }> }>(
    page.request.get(`/api/v1/tenants/${tenant.id}/schedules`),
  );
  const createOn = items[0]!.next[0]!.createOn;

  // The clock moves to the creation day: the system admin runs the schedules as of then.
  const admin = await playwrightRequest.newContext({ baseURL: BASE_URL });
  await signInRequest(admin, ADMIN_EMAIL);
  const ran = await ok<{ result: { created: number } }>(
    admin.post('/api/v1/test/run-as-of', {
      data: { queue: 'schedules.run', at: `${createOn}T09:00:00Z` },
      headers: origin,
    }),
  );
  expect(ran.result.created).toBeGreaterThanOrEqual(1);
  await admin.dispose();

  await page.reload();
  await expect(card.getByText('Created', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('schedules-tenant-1280.png') });
  const link = card.getByRole('link', { name: /Worked example — / });
  await link.click();

  // The next assessment: a draft started from the completed one by its schedule.
  await expect(page.getByText('Started from', { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Spring review' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'quarterly schedule' })).toBeVisible();
  const id = page.url().split('/').pop()!.split('?')[0]!;
  const detail = await ok<{ status: string; dueDate: string; origin: unknown }>(
    page.request.get(`${base}/${id}`),
  );
  expect(detail.status).toBe('draft');
  expect(detail.origin).toMatchObject({ previous: { id: previous.id } });

  // The same on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/tenant/${tenant.id}/assessments`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('schedules-tenant-375.png') });

  // The account-wide list, with pause and resume.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/schedules');
  const mine = page.getByRole('article', { name: 'Worked example: quarterly' });
  await expect(mine).toBeVisible({ timeout: 30_000 });
  await mine.getByRole('button', { name: 'Pause' }).click();
  await expect(mine.getByText('Paused: nothing is created until it is resumed.')).toBeVisible();
  await page.screenshot({ path: shot('schedules-account-1280.png') });
  await mine.getByRole('button', { name: 'Resume' }).click();
  await expect(mine.getByText('Next assessments')).toBeVisible();
});
