import type { Page } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test, uniqueEmail } from './fixtures';

const origin = { origin: BASE_URL };
/** 200 characters without a space: the longest name a client tenant may have. */
const LONG_NAME = 'Zyxwvutsrq'.repeat(20);

async function noSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what}: the page is ${width} px wide`).toBeLessThanOrEqual(375);
}

/** The header's buttons are on the screen, whole. */
async function headerFits(page: Page, what: string) {
  for (const name of ['User menu', 'Toggle color scheme']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box, `${what}: ${name}`).not.toBeNull();
    expect(box!.x, `${what}: ${name}`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what}: ${name}`).toBeLessThanOrEqual(375);
  }
}

test('on a phone, a 200-character name widens no screen and the header stays on it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpViaApi(page, uniqueEmail('phone'), 'N'.repeat(100));
  // The account gets the longest name too.
  expect(
    (
      await page.request.patch('/api/v1/account', {
        data: { name: 'A'.repeat(100) },
        headers: origin,
      })
    ).status(),
  ).toBe(200);
  const res = await page.request.post('/api/v1/tenants', {
    data: { name: LONG_NAME, industry: 'I'.repeat(100), tags: ['t'.repeat(40)] },
    headers: origin,
  });
  expect(res.status(), await res.text()).toBe(201);
  const tenantId = ((await res.json()) as { id: string }).id;
  const share = await page.request.post(`/api/v1/tenants/${tenantId}/shares`, {
    data: { email: `${'longmailbox'.repeat(5)}@${'x'.repeat(50)}.example`, role: 'viewer' },
    headers: origin,
  });
  expect(share.status(), await share.text()).toBe(201);

  const screens = [
    '/',
    '/tenant',
    `/tenant/${tenantId}/overview`,
    `/tenant/${tenantId}/sharing`,
    `/tenant/${tenantId}/settings`,
    '/admin/general',
    '/admin/members',
    '/admin/sharing',
    '/admin/security',
    '/admin/audit',
  ];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await noSidewaysScroll(page, path);
    await headerFits(page, path);
  }

  // The full name is there on hover, and for screen readers.
  await page.goto('/tenant');
  const link = page.getByRole('link', { name: LONG_NAME });
  await expect(link).toHaveAttribute('title', LONG_NAME);
});

test('on a phone, tab rows stay one line and scroll sideways to the chosen tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpViaApi(page);
  // Something in the audit log.
  const res = await page.request.post('/api/v1/tenants', {
    data: { name: 'Pocket Ltd' },
    headers: origin,
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/admin/audit');
  const tabs = page.getByRole('tablist', { name: 'Account sections' });
  const general = await tabs.getByRole('tab', { name: 'General' }).boundingBox();
  const audit = await tabs.getByRole('tab', { name: 'Audit' }).boundingBox();
  // One line…
  expect(Math.abs(general!.y - audit!.y)).toBeLessThan(2);
  // …with the chosen tab scrolled into view.
  expect(audit!.x + audit!.width).toBeLessThanOrEqual(375);
  await noSidewaysScroll(page, '/admin/audit');

  // The audit's main column comes first, who and when fold under it.
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('columnheader', { name: 'What' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'When' })).toBeHidden();
  const firstCell = table.getByRole('row').nth(1).getByRole('cell').first();
  const cellBox = await firstCell.boundingBox();
  expect(cellBox!.x + cellBox!.width).toBeLessThanOrEqual(375);
});
