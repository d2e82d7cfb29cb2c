import { expect, signUpViaApi, test } from './fixtures';

test('a new user creates, finds, opens, edits, archives and restores a client tenant', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/tenant');

  // A new account: the empty state invites the first tenant.
  await expect(page.getByRole('heading', { name: 'No client tenants yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New client tenant' }).last().click();

  const form = page.getByRole('dialog', { name: 'New client tenant' });
  await form.getByRole('button', { name: 'Create client tenant' }).click();
  await expect(form.getByText('Enter a name.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Northwind Traders');
  await form.getByLabel('Industry').fill('Logistics');
  const tags = form.getByLabel('Tags');
  await tags.fill('Priority');
  await tags.press('Enter');
  await tags.fill('eu');
  await tags.press('Enter');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await form.getByLabel('Contact 1 name').fill('Ada Lovelace');
  await form.getByLabel('Contact 1 e-mail').fill('ada@northwind.test');
  await form.getByRole('button', { name: 'Create client tenant' }).click();

  // Created and opened on its overview.
  await expect(page).toHaveURL(/\/tenant\/[^/]+\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Traders' })).toBeVisible();
  await expect(page.getByText('priority', { exact: true })).toBeVisible();
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
  const tenantUrl = page.url();

  // A second tenant, so searching has something to leave out.
  await page.goto('/tenant');
  await page.getByRole('button', { name: 'New client tenant' }).first().click();
  const second = page.getByRole('dialog', { name: 'New client tenant' });
  await second.getByLabel('Name').fill('Contoso Health');
  await second.getByRole('button', { name: 'Create client tenant' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contoso Health' })).toBeVisible();

  await page.goto('/tenant');
  const table = page.getByRole('table', { name: 'Client tenants' });
  await expect(table.getByRole('link', { name: 'Contoso Health' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Northwind Traders' })).toBeVisible();

  // Search by part of the name…
  await page.getByLabel('Search').fill('wind');
  await expect(table.getByRole('link', { name: 'Contoso Health' })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'Northwind Traders' })).toBeVisible();
  // …and by tag.
  await page.getByLabel('Search').fill('');
  await expect(table.getByRole('link', { name: 'Contoso Health' })).toBeVisible();
  await page.getByLabel('Tag', { exact: true }).fill('PRIORITY');
  await expect(table.getByRole('link', { name: 'Contoso Health' })).toHaveCount(0);
  await expect(table.getByRole('link', { name: 'Northwind Traders' })).toBeVisible();

  // Open it; the tabs are URL segments.
  await table.getByRole('link', { name: 'Northwind Traders' }).click();
  await expect(page).toHaveURL(tenantUrl);
  const tabs = page.getByRole('tablist', { name: 'Client tenant sections' });
  await tabs.getByRole('tab', { name: 'Assessments' }).click();
  await expect(page).toHaveURL(/\/assessments$/);
  await expect(page.getByRole('heading', { name: 'No assessments yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start assessment' })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);

  // Edit it; switching tabs with unsaved edits asks first.
  const details = page.getByRole('form', { name: 'Client tenant details' });
  await details.getByRole('textbox', { name: 'Name', exact: true }).fill('Northwind Traders Ltd');
  await tabs.getByRole('tab', { name: 'Overview' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(details.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(
    'Northwind Traders Ltd',
  );
  await details.getByLabel('Notes').fill('Renewal in March.');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Northwind Traders Ltd' }),
  ).toBeVisible();

  // Archive it (with a confirm): it leaves the default list and shows under archived.
  await page.getByRole('button', { name: 'Archive client tenant' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('Archived', { exact: true }).first()).toBeVisible();
  await page.goto('/tenant');
  await expect(table.getByRole('link', { name: 'Contoso Health' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Northwind Traders Ltd' })).toHaveCount(0);
  await page.getByLabel('Show archived').check({ force: true });
  const row = table.getByRole('row', { name: /Northwind Traders Ltd/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Archived')).toBeVisible();

  // Restore it.
  await row.getByRole('link', { name: 'Northwind Traders Ltd' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Restore client tenant' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Archive client tenant' })).toBeVisible();
  await page.goto('/tenant');
  await expect(table.getByRole('link', { name: 'Northwind Traders Ltd' })).toBeVisible();
});

test('an unknown tenant id shows “Client tenant not found”', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/tenant/not-a-tenant/overview');
  await expect(page.getByText('Client tenant not found')).toBeVisible();
});

test('the tenant list works on a phone-sized screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUpViaApi(page);
  await page.goto('/tenant');
  await page.getByRole('button', { name: 'New client tenant' }).last().click();
  const form = page.getByRole('dialog', { name: 'New client tenant' });
  await form.getByLabel('Name').fill('Pocket Ltd');
  await form.getByRole('button', { name: 'Create client tenant' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pocket Ltd' })).toBeVisible();
  await page.goto('/tenant');
  await expect(page.getByRole('link', { name: 'Pocket Ltd' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
