import type { Page, Request } from '@playwright/test';
import { ADMIN_EMAIL, expect, signInViaApi, signUpViaApi, test } from './fixtures';

interface SentEvent {
  name: string;
  path: string;
  title?: string | null;
  tab?: string | null;
  focus?: string | null;
}

/** Collects every analytics event the page sends (fetch or sendBeacon). */
function collectEvents(page: Page) {
  const events: SentEvent[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/v1/analytics/events')) {
      const body = req.postData();
      if (body) events.push(...(JSON.parse(body) as { events: SentEvent[] }).events);
    }
  });
  return events;
}

test('every navigation sends page_view with path, title, tab and focus', async ({ page }) => {
  await signUpViaApi(page);
  const events = collectEvents(page);
  const seen = (path: string) => () =>
    events.some((e) => e.name === 'page_view' && e.path === path);

  await page.goto('/admin/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect.poll(seen('/admin/members')).toBe(true);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Roadmap' })
    .click();
  await expect(page).toHaveURL(/\/roadmap$/);
  await expect.poll(seen('/roadmap')).toBe(true);

  await page.goto('/contentAdmin/frameworks/iso-27001');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(seen('/contentAdmin/frameworks/iso-27001')).toBe(true);

  const views = events.filter((e) => e.name === 'page_view');
  expect(views).toContainEqual(
    expect.objectContaining({
      path: '/admin/members',
      title: 'members',
      tab: 'members',
      focus: null,
    }),
  );
  expect(views).toContainEqual(
    expect.objectContaining({ path: '/roadmap', title: 'roadmap', tab: null, focus: null }),
  );
  expect(views).toContainEqual(
    expect.objectContaining({
      path: '/contentAdmin/frameworks/iso-27001',
      title: 'frameworks',
      tab: 'frameworks',
      focus: 'iso-27001',
    }),
  );
});

test('page views still queued when the page is closed reach the server', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page);
  const marker = `/explore/articles/closed-${Date.now()}`;
  await page.goto(marker);
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
  // Close at once, inside the batching window: the beacon on pagehide must carry the view.
  await page.close({ runBeforeUnload: true });

  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInViaApi(admin, ADMIN_EMAIL);
  await expect(async () => {
    const res = await admin.request.get(
      `/api/v1/system/analytics/events?path=${encodeURIComponent(marker)}`,
    );
    expect(res.ok()).toBeTruthy();
    const { events } = (await res.json()) as { events: SentEvent[] };
    expect(events).toContainEqual(
      expect.objectContaining({
        name: 'page_view',
        path: marker,
        title: 'articles',
        tab: 'articles',
      }),
    );
  }).toPass({ timeout: 10_000 });
  await adminCtx.close();
});

const OUTCOMES = [
  ['/upgrade-success', 'upgrade_subscription'],
  ['/downgrade-success', 'downgrade_subscription'],
  ['/checkout-success', 'purchase'],
  ['/checkout-cancel', 'checkout_cancelled'],
] as const;

for (const [path, name] of OUTCOMES) {
  test(`${path} records ${name} and lands on the billing tab`, async ({ page }) => {
    await signUpViaApi(page);
    const events = collectEvents(page);
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Billing', selected: true })).toBeVisible();
    await expect.poll(() => events.filter((e) => e.name === name).length).toBe(1);
    expect(events.find((e) => e.name === name)).toMatchObject({ path });
  });
}
