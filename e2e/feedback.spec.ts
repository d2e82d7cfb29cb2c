import { ADMIN_EMAIL, BASE_URL, expect, signInViaApi, signUpViaApi, test } from './fixtures';

// Feedback (docs/feedback.md): a member rates the product from a client tenant's page with the
// header's feedback button; a system admin finds it in the service console's feedback tab with
// the page it came from, filters by that page and marks it handled. On a phone the button is
// an icon in the header and the form fits the screen.

const origin = { origin: BASE_URL };

test('feedback sent from a tenant page shows in service/feedback with its page', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const member = await signUpViaApi(page, undefined, 'Morgan Lee');
  const res = await page.request.post('/api/v1/tenants', {
    data: { name: 'Feedback Works' },
    headers: origin,
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { id: tenantId } = (await res.json()) as { id: string };
  const pagePath = `/tenant/${tenantId}/overview`;
  const comment = `The overview is clear ${Date.now()}`;

  await page.goto(pagePath);
  await page.getByRole('button', { name: 'Feedback', exact: true }).click();
  const form = page.getByRole('form', { name: 'Send feedback' });
  await expect(form).toBeVisible({ timeout: 20_000 });
  // The rating with the keyboard: the first radio has focus; arrow keys move along.
  await expect(form.getByRole('radio', { name: '1 – Very poor' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 – Good' })).toBeChecked();
  await form.getByRole('textbox', { name: 'Comment (optional)' }).fill(comment);
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Thank you for your feedback!')).toBeHidden();

  // The system admin's service console.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signInViaApi(admin, ADMIN_EMAIL);
  await admin.goto('/service/feedback?handled=open');
  const table = admin.getByRole('table', { name: 'Feedback' });
  // The service console's code loads on first use: allow a busy machine its time.
  await expect(table).toBeVisible({ timeout: 30_000 });
  const row = table.getByRole('row').filter({ hasText: comment });
  await expect(row).toBeVisible();
  await expect(row.getByRole('img', { name: 'Rating 4 – Good' })).toBeVisible();
  await expect(row.getByRole('button', { name: pagePath })).toBeVisible();
  await expect(row.getByText(member.email)).toBeVisible();
  await expect(row.getByText('Not handled')).toBeVisible();

  // Only that page's feedback, then marked handled: it leaves the open list.
  await row.getByRole('button', { name: pagePath }).click();
  await expect(admin).toHaveURL(new RegExp(`page=${encodeURIComponent(pagePath)}`));
  await expect(admin.getByRole('searchbox', { name: 'Page' })).toHaveValue(pagePath);
  await expect(table.getByRole('row')).toHaveCount(2);
  await row.getByRole('button', { name: /^Mark handled/ }).click();
  await expect(admin.getByText('No feedback matches.')).toBeVisible();
  await admin.getByRole('combobox', { name: 'Handled' }).click();
  await admin.getByRole('option', { name: 'Handled', exact: true }).click();
  await expect(row.getByText(/Handled by/)).toBeVisible();
  await adminCtx.close();
});

test('on a phone the feedback button is an icon in the header and the form fits', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signUpViaApi(page);
  await page.goto('/tenant');
  const button = page.getByRole('button', { name: 'Feedback', exact: true });
  await expect(button).toBeVisible();
  await button.click();
  const form = page.getByRole('form', { name: 'Send feedback' });
  await expect(form).toBeVisible();
  const box = await form.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
  await expect(button).toBeFocused();
  await context.close();
});
