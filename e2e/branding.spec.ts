import type { APIRequestContext, APIResponse } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test, uniqueEmail } from './fixtures';

/*
 * A provider on Pro (a new account's trial is Pro) brands what its clients see in
 * admin/general: colour and display name in the form (the preview follows as they type), the
 * logo uploaded; a respondent then opens their link on a 375 px phone and sees the brand
 * (docs/branding.md).
 */

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

/** A one-question assessment on a new client tenant, and a respondent's link. */
async function respondentLink(
  request: APIRequestContext,
): Promise<{ link: string; tenantId: string }> {
  const tenant = await ok<{ id: string }>(
    request.post('/api/v1/tenants', { data: { name: 'Contoso Ltd' }, headers: origin }),
  );
  const document = {
    format: 'tenantry.framework/1',
    key: `branding-${Date.now()}`,
    name: 'Brand check',
    sections: [
      {
        key: 'A',
        title: 'Policies',
        questions: [{ key: 'A.1', title: 'Is there a signed policy?', type: 'yes_no' }],
      },
    ],
  };
  const fw = await ok<{ id: string; draftRevision: number }>(
    request.post('/api/v1/content/frameworks/import', {
      data: { scope: 'private', document },
      headers: origin,
    }),
  );
  await ok(
    request.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
      data: { revision: fw.draftRevision, releaseNotes: 'v1' },
      headers: origin,
    }),
  );
  const a = await ok<{ id: string }>(
    request.post(`/api/v1/tenants/${tenant.id}/assessments`, {
      data: { frameworkId: fw.id, version: 1, name: 'Quarterly check' },
      headers: origin,
    }),
  );
  const { link } = await ok<{ link: string }>(
    request.post(`/api/v1/tenants/${tenant.id}/assessments/${a.id}/respondents`, {
      data: { name: 'Pat Doe', email: 'pat@example.test', sendEmail: false },
      headers: origin,
    }),
  );
  return { link, tenantId: tenant.id };
}

test('a provider sets colour and logo; a respondent on a phone sees the brand', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page, uniqueEmail('brand'), 'Robin Park');
  const logo = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 40;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#1864ab';
    ctx.fillRect(0, 0, 120, 40);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  await ok(
    page.request.put('/api/v1/account/logo', {
      data: Buffer.from(logo, 'base64'),
      headers: { ...origin, 'content-type': 'application/octet-stream' },
    }),
  );

  await page.goto('/admin/general');
  const form = page.getByRole('form', { name: 'Brand' });
  const preview = page.getByRole('region', { name: 'Preview: Respondent page' });
  // A colour too light for white text is flagged as typed, with its ratio.
  await form.getByLabel('Primary colour').fill('#ffcc00');
  await expect(form.getByText(/reach a contrast of 1\.43:1/)).toBeVisible();
  await form.getByLabel('Primary colour').fill('#1864ab');
  await form.getByLabel('Display name').fill('Northwind Security');
  await expect(preview.getByText('Northwind Security · for Contoso Ltd')).toBeVisible();
  await expect(preview.getByRole('img', { name: 'Northwind Security logo' })).toBeVisible();
  await form.getByRole('button', { name: 'Save brand' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved.');
  await page.screenshot({ path: test.info().outputPath('admin-brand-1280.png'), fullPage: true });

  const { link, tenantId } = await respondentLink(page.request);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await context.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Quarterly check' })).toBeVisible();
  const header = phone.locator('header.top');
  await expect(header.getByText('Northwind Security · for Contoso Ltd')).toBeVisible();
  const img = header.getByRole('img', { name: 'Northwind Security' });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  await expect(header).toHaveCSS('border-top-color', 'rgb(24, 100, 171)');
  await phone.getByRole('radio', { name: 'Yes' }).check();
  await expect(phone.getByRole('button', { name: /Submit/ })).toHaveCSS(
    'background-color',
    'rgb(24, 100, 171)',
  );
  await phone.screenshot({ path: test.info().outputPath('branded-respondent-375.png') });

  // The shared sign-in the share's e-mail links to carries the brand too.
  const share = await ok<{ id: string }>(
    page.request.post(`/api/v1/tenants/${tenantId}/shares`, {
      data: { email: uniqueEmail('client'), role: 'viewer' },
      headers: origin,
    }),
  );
  await phone.goto(`/sharedSignin/${tenantId}?share=${share.id}`);
  await expect(phone.getByTestId('brand')).toHaveText('Northwind Security');
  await expect(
    phone.getByText('Northwind Security shared a client tenant with you.', { exact: false }),
  ).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Send code' })).toHaveCSS(
    'background-color',
    'rgb(24, 100, 171)',
  );
  // The card's top border in the brand's colour (4 px, docs/branding.md).
  await expect(phone.locator('.card')).toHaveCSS('border-top', '4px solid rgb(24, 100, 171)');
  await phone.screenshot({ path: test.info().outputPath('branded-shared-signin-375.png') });
  await context.close();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/general');
  await expect(page.getByRole('region', { name: 'Preview: E-mail' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('admin-brand-375.png'), fullPage: true });
});
