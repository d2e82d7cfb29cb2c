import type { Browser, Page } from '@playwright/test';
import {
  BASE_URL,
  PASSWORD,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

/** The same person signed in in a second browser, which has the app open on a screen. */
async function secondBrowser(browser: Browser, email: string) {
  const ctx = await browser.newContext({ baseURL: BASE_URL });
  const other = await ctx.newPage();
  await signInViaApi(other, email);
  await other.goto('/admin/general');
  await expect(other.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  return { ctx, other };
}

/** The next click in the other browser (a navigation) lands on the sign-in page. */
async function nextClickSignsOut(other: Page) {
  await other
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Roadmap' })
    .click();
  await expect(other).toHaveURL(/\/signin$/);
  await expect(other.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(other.getByText('You were signed out')).toBeVisible();
}

test('ending the other sessions signs the other browser out on its next click', async ({
  page,
  browser,
}) => {
  const { email } = await signUpViaApi(page, uniqueEmail('sessions'));
  const { ctx, other } = await secondBrowser(browser, email);

  await page.goto('/admin/security');
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  // This browser is marked and cannot be ended from here; the other one is a Chrome.
  const here = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(here.getByRole('button', { name: /^End/ })).toHaveCount(0);
  await expect(
    sessions.getByRole('button', { name: 'End the session on Chrome on Linux' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'End all other sessions' }).click();
  const dialog = page.getByRole('dialog', { name: 'End all other sessions?' });
  await dialog.getByRole('button', { name: 'End other sessions' }).click();
  await expect(page.getByText('One other session was ended.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('You are signed in on this device only.')).toBeVisible();

  await nextClickSignsOut(other);
  await ctx.close();
});

test('ending one session from the list signs that browser out', async ({ page, browser }) => {
  const { email } = await signUpViaApi(page, uniqueEmail('end-one'));
  const { ctx, other } = await secondBrowser(browser, email);

  await page.goto('/admin/security');
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByRole('button', { name: /^End the session on/ }).click();
  await page
    .getByRole('dialog', { name: 'End this session?' })
    .getByRole('button', { name: 'End session' })
    .click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  await nextClickSignsOut(other);
  await ctx.close();
});

test('a password change signs the other browser out; this one stays signed in', async ({
  page,
  browser,
}) => {
  const { email } = await signUpViaApi(page, uniqueEmail('password'));
  const { ctx, other } = await secondBrowser(browser, email);

  await page.goto('/admin/security');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('brand-new-pass-9');
  await form.getByLabel('Repeat the new password').fill('brand-new-pass-9');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('That is not your current password.')).toBeVisible();

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(
    form.getByText(/You were signed out on every other browser and device/),
  ).toBeVisible();
  await expect(page.getByText('You are signed in on this device only.')).toBeVisible();

  await nextClickSignsOut(other);

  // This browser carries on; the other signs in with the new password.
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await other.getByLabel('E-mail').fill(email);
  await other.getByLabel('Password', { exact: true }).fill('brand-new-pass-9');
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Roadmap' })).toBeVisible();
  await ctx.close();
});

test('a changed display name shows in the header and the user menu', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('rename'), 'Avery Quinn');
  await page.goto('/');
  await expect(page.getByTestId('user-menu-name')).toHaveText('Avery Quinn');

  // The profile is reached from the user menu.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile and sessions' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  const name = page.getByRole('form', { name: 'Your name' });
  await name.getByLabel('Display name').fill('Avery Q. Quinn-Okafor');
  await name.getByRole('button', { name: 'Save name' }).click();
  await expect(name.getByText('Saved.')).toBeVisible();

  await expect(page.getByTestId('user-menu-name')).toHaveText('Avery Q. Quinn-Okafor');
  await page.reload();
  await expect(page.getByTestId('user-menu-name')).toHaveText('Avery Q. Quinn-Okafor');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu')).toContainText('Avery Q. Quinn-Okafor');
});

test('an e-mail change says which inbox to check and changes nothing yet', async ({ page }) => {
  const { email } = await signUpViaApi(page, uniqueEmail('email'));
  await page.goto('/admin/security');
  const form = page.getByRole('form', { name: 'Change e-mail address' });
  const next = uniqueEmail('email-new');
  await form.getByLabel('New e-mail address').fill(next);
  await form.getByRole('button', { name: 'Change e-mail address' }).click();
  // The current address was proven at sign-up: it confirms the change first.
  await expect(
    form.getByText(`Check your inbox at ${email} to confirm the change.`, { exact: false }),
  ).toBeVisible();
  await expect(form.getByText(`You sign in with ${email}.`)).toBeVisible();
});
