import { expect, test } from './fixtures';

test('a boot error is written to the console and the app does not mount', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // Serve index.html without its configuration block: booting must fail loudly, not half-mount.
  await page.route('**/signin', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(
      /<script type="application\/json" id="tenantry-config">[\s\S]*?<\/script>/,
      '',
    );
    await route.fulfill({ response: res, body: html });
  });
  await page.goto('/signin');
  await expect.poll(() => errors.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading')).toHaveCount(0);
  expect(await page.locator('#root').innerHTML()).toBe('');
});

test('the server sends the security headers with every page', async ({ request }) => {
  const res = await request.get('/signin');
  expect(res.ok()).toBeTruthy();
  const h = res.headers();
  expect(h['content-security-policy']).toContain("object-src 'none'");
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('no-referrer');
  const version = await request.get(`/version.json?t=${Date.now()}`);
  expect(version.headers()['cache-control']).toContain('no-store');
  expect(typeof (await version.json()).timestamp).toBe('number');
});
