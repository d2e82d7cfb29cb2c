import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  transitionsDone,
  uniqueEmail,
} from './fixtures';

const SHOTS = '.tmp/account-lifecycle-screens';

// The card lives on the account's service page (service/accounts/{id}), which the accounts
// part of the console renders (features/service-console AccountLifecycleCard).
test('a system admin exports an account, downloads the ZIP whose manifest matches its files, schedules the deletion and cancels it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await (await browser.newContext()).newPage();
  const email = uniqueEmail('lifecycle-owner');
  await signUpViaApi(customer, email, 'Lena Leaving');
  const me = (await (await customer.request.get('/api/v1/me')).json()) as { tid: string };

  const staff = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signInViaApi(staff, ADMIN_EMAIL);
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.goto(`/service/accounts/${me.tid}`);
  const card = staff.getByRole('region', { name: 'Export and deletion' });
  // The first screen after a sign-in loads the shell first: on a busy machine, seconds.
  await expect(card.getByText('No exports yet.')).toBeVisible({ timeout: 30_000 });
  const schedule = card.getByRole('button', { name: 'Schedule deletion…' });
  await expect(schedule).toBeDisabled();
  await expect(card.getByText(/^Export the account first/)).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/empty-1280.png` });

  // Export: the job runs in the background; the card follows it until the download is there.
  await card.getByRole('button', { name: 'Export account' }).click();
  const link = card.getByRole('link', { name: /^Download \(/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(schedule).toBeEnabled();
  const [download] = await Promise.all([staff.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
    account: { id: string };
    counts: Record<string, number>;
    files: Array<{ path: string; sha256: string }>;
  };
  expect(manifest.account.id).toBe(me.tid);
  expect(manifest.counts.members).toBe(1);
  for (const f of manifest.files) {
    expect(createHash('sha256').update(files[f.path]!).digest('hex'), f.path).toBe(f.sha256);
  }
  const members = JSON.parse(new TextDecoder().decode(files['members.json'])) as Array<{
    email: string;
    role: string;
  }>;
  expect(members).toEqual([expect.objectContaining({ email, role: 'owner' })]);
  await staff.screenshot({ path: `${SHOTS}/exported-1280.png` });

  // Schedule the deletion: the modal says the day; the account is suspended meanwhile.
  await schedule.click();
  const dialog = staff.getByRole('dialog', { name: 'Schedule the account’s deletion' });
  await transitionsDone(staff);
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('The customer closed their business');
  await staff.screenshot({ path: `${SHOTS}/schedule-1280.png` });
  await dialog.getByRole('button', { name: /^Delete on / }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Scheduled for deletion')).toBeVisible();
  await expect(card.getByText(/Reason: The customer closed their business/)).toBeVisible();
  const suspended = await customer.request.patch('/api/v1/account', {
    data: { name: 'Still here' },
    headers: { origin: BASE_URL },
  });
  expect(suspended.status()).toBe(423);

  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.screenshot({ path: `${SHOTS}/scheduled-375.png`, fullPage: true });

  // Cancel: the account is given back.
  await card.getByRole('button', { name: 'Cancel deletion' }).click();
  await expect(card.getByRole('button', { name: 'Schedule deletion…' })).toBeEnabled();
  const restored = await customer.request.patch('/api/v1/account', {
    data: { name: 'Still here' },
    headers: { origin: BASE_URL },
  });
  expect(restored.status()).toBe(200);
});
