import { request, type Page } from '@playwright/test';
import { BASE_URL, expect, runCli, signUpViaApi, test, uniqueEmail } from './fixtures';

// The developer page (docs/developer.md): an owner on the Business plan creates an API key, sees
// its secret once, uses it from a tool, and revokes it.

const SHOTS = '.tmp/api-keys-screens';

/**
 * Console errors and page errors, but the failed request the journey expects (the plan's 402)
 * and the browser's own /favicon.ico on the sandbox checkout page (which names no icon).
 */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (/Failed to load resource: the server responded with a status of 402/.test(m.text())) {
      return;
    }
    if (m.location().url.endsWith('/favicon.ico')) return;
    errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  // Which request failed (the console message does not say).
  page.on('response', (r) => {
    if (r.status() >= 400 && r.status() !== 402) errors.push(`${r.status()} ${r.url()}`);
  });
  return errors;
}

/** GET /api/v1/tenants as a tool does: no session, only the key. */
async function listTenantsWithKey(secret: string) {
  const tool = await request.newContext({ baseURL: BASE_URL });
  const res = await tool.get('/api/v1/tenants', {
    headers: { Authorization: `Bearer ${secret}` },
  });
  const result = { status: res.status(), body: await res.text() };
  await tool.dispose();
  return result;
}

/** Free → Business through the sandbox checkout, as the owner does on admin/billing. */
async function upgradeToBusiness(page: Page) {
  await page.goto('/admin/billing');
  await page.getByRole('button', { name: 'Upgrade: Business' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/sandbox\/billing\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/admin\/billing$/);
  await expect(page.getByText('Purchase complete')).toBeVisible();
}

test('an owner on the Business plan creates an API key, copies its secret once, calls the API with it and revokes it', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const errors = consoleErrors(page);
  const email = uniqueEmail('api-owner');
  await signUpViaApi(page, email);
  const tenant = await page.request.post('/api/v1/tenants', {
    data: { name: 'Acme Keys Ltd' },
    headers: { origin: BASE_URL },
  });
  expect(tenant.status(), await tenant.text()).toBe(201);
  // The trial is over: on Free, the plan refuses a key, with the way to the plans.
  await runCli(['end-trial', email]);

  // The lock and the way to the plans show before any form is filled.
  await page.goto('/developer');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toBeVisible();
  const lock = page.getByTestId('upgrade-prompt').first();
  await expect(lock).toContainText('Developer API and webhooks');
  await expect(page.getByRole('button', { name: 'Create your first key' })).toHaveCount(0);
  await lock.getByRole('link', { name: 'See plans' }).click();

  await upgradeToBusiness(page);

  // Business: the key is created and its secret shown once.
  await page.goto('/developer');
  await page.getByRole('button', { name: 'Create your first key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByRole('textbox', { name: 'Name' }).fill('CI pipeline');
  await form.getByRole('checkbox', { name: /Read client tenants/ }).check();
  await form.getByRole('checkbox', { name: /Read assessments/ }).check();
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('Copy it now: it will not be shown again')).toBeVisible();
  const secret = (await shown.getByTestId('api-key-secret').textContent())!.trim();
  expect(secret).toMatch(/^tnt_\S{20,}$/);
  await expect(shown.getByText(`Authorization: Bearer ${secret}`)).toBeVisible();
  await shown.getByRole('button', { name: 'Copy key' }).click();
  await expect(shown.getByRole('button', { name: 'Key copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/secret-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  // The list knows the key by its prefix; the secret is gone from the page, and stays gone.
  const table = page.getByRole('table', { name: 'API keys' });
  const row = table.getByRole('row').filter({ hasText: 'CI pipeline' });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText('Read client tenants');
  await expect(row).toContainText('Active');
  expect(await page.content()).not.toContain(secret);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  // A tool uses the key: it reads the account's client tenants, and its use shows.
  const ok = await listTenantsWithKey(secret);
  expect(ok.status, ok.body).toBe(200);
  expect(ok.body).toContain('Acme Keys Ltd');
  await page.reload();
  await expect(row).not.toContainText('Never used');
  await page.screenshot({ path: `${SHOTS}/developer-1280.png`, fullPage: true });

  // Revoked: the tool is refused from its next request.
  await row.getByRole('button', { name: 'Revoke CI pipeline' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key?' });
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  const refused = await listTenantsWithKey(secret);
  expect(refused.status, refused.body).toBe(401);
  expect(refused.body).toContain('api_keys.revoked');

  // The API reference opens on demand, within the app's CSP.
  await page.getByRole('button', { name: 'Show API reference' }).click();
  const viewer = page.getByTestId('openapi-viewer');
  // Swagger UI's chunk loads on first use: allow a busy machine its time.
  const developerTag = viewer.getByRole('heading', { level: 3, name: /^developer/ });
  await expect(developerTag).toBeVisible({ timeout: 30_000 });
  await developerTag.getByRole('button', { name: 'Expand operation' }).click();
  await expect(viewer.getByText('/api/v1/api-keys/{id}')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/developer-375.png`, fullPage: true });
  expect(errors).toEqual([]);
});
