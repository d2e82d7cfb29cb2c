import path from 'node:path';
import type { APIResponse } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';
import { publishWorkedExample } from './frameworks';

// Due dates across clients (docs/dashboard.md) and the calendar feed (docs/calendar.md): the
// dashboard shows an overdue assessment; the person makes their secret calendar address, a
// calendar fetches it and finds the due date; revoked, the address answers 404.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

const day = (offset: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

test('the dashboard shows what is overdue, and a calendar subscribes to the due dates until revoked', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = (name: string) =>
    process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);
  await signUpViaApi(page);
  const frameworkId = await publishWorkedExample(page.request);
  const contoso = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Contoso' }, headers: origin }),
  );
  const fabrikam = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Fabrikam' }, headers: origin }),
  );
  const start = (tenantId: string, name: string, dueDate: string) =>
    ok<{ id: string }>(
      page.request.post(`/api/v1/tenants/${tenantId}/assessments`, {
        data: { frameworkId, version: 1, name, dueDate },
        headers: origin,
      }),
    );
  const late = await start(contoso.id, 'Quarterly review', day(-3));
  await start(fabrikam.id, 'NIS2 readiness', day(2));
  await start(contoso.id, 'Backup check', day(12));

  // The dashboard: the overdue one first, linked to its assessment.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const due = page.getByRole('region', { name: 'Due dates' });
  const overdue = due.getByRole('region', { name: 'Overdue' });
  await expect(overdue.getByRole('link', { name: 'Quarterly review' })).toHaveAttribute(
    'href',
    `/tenant/${contoso.id}/assessments/${late.id}`,
  );
  await expect(overdue).toContainText('Contoso');
  await expect(due.getByRole('region', { name: 'Due this week' })).toContainText('NIS2 readiness');
  await expect(due.getByRole('region', { name: 'Upcoming' })).toContainText('Backup check');
  await due.screenshot({ path: shot('due-dates-1280.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(overdue.getByRole('link', { name: 'Quarterly review' })).toBeVisible();
  await due.scrollIntoViewIfNeeded();
  await due.screenshot({ path: shot('due-dates-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The tenant list marks Contoso's nearest due date as overdue.
  await page.goto('/tenant');
  const table = page.getByRole('table', { name: 'Client tenants' });
  const contosoRow = table.getByRole('row').filter({ hasText: 'Contoso' });
  await expect(contosoRow).toContainText('2 open · due');
  await expect(contosoRow.getByText('Overdue')).toBeVisible();
  await expect(
    table.getByRole('row').filter({ hasText: 'Fabrikam' }).getByText('Overdue'),
  ).toHaveCount(0);

  // Subscribe: the address is shown once.
  await page.goto('/');
  await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
  await dialog.getByRole('button', { name: 'Create calendar address' }).click();
  const url = (await dialog.getByTestId('calendar-feed-url').textContent())!.trim();
  expect(url).toMatch(/\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await dialog.screenshot({ path: shot('calendar-feed-1280.png') });
  const feedPath = new URL(url).pathname;

  // A calendar (no session) fetches it and finds the overdue assessment's day.
  const calendar = await page.context().browser()!.newContext({ baseURL: BASE_URL });
  const feed = await calendar.request.get(feedPath);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`UID:assessment-${late.id}@`);
  expect(ics).toContain(`DTSTART;VALUE=DATE:${day(-3).replaceAll('-', '')}`);
  expect(ics).toContain('SUMMARY:Due: Quarterly review — Contoso');

  // Revoked: the next fetch is refused.
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
  await expect(dialog.getByText(/A calendar last fetched it/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await dialog.getByRole('button', { name: 'Revoke address' }).click();
  await expect(dialog.getByRole('button', { name: 'Create calendar address' })).toBeVisible();
  expect((await calendar.request.get(feedPath)).status()).toBe(404);
  await calendar.close();
});
