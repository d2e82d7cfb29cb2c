import path from 'node:path';
import { request, type APIRequestContext, type APIResponse } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  signInRequest,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';
import { publishWorkedExample } from './frameworks';

// Reminders to respondents (docs/assessments.md, "Reminders"): an assessor adds a respondent
// to an assessment with a due date; the clock is moved to three days before it through the
// test hook (`POST /api/v1/test/run-as-of`, TEST_HOOKS only); the reminder is in the mailbox
// with a working personal link; the assessor sees who was reminded when; the respondent stops
// reminders from the e-mail, and the due date's last call does not go to them.

const origin = { origin: BASE_URL };
const QUEUE = 'respondents.reminders';

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailsTo(admin: APIRequestContext, email: string): Promise<Mail[]> {
  const { messages } = await ok<{ messages: Mail[] }>(admin.get('/api/v1/system/mailbox'));
  return messages.filter((m) => m.to === email);
}

/** The link after `label: ` in an e-mail's text. */
const linkIn = (text: string, label: string) =>
  new RegExp(`${label}: (\\S+)`).exec(text)?.[1] ?? '';

test('a respondent is reminded before the due date and stops reminders from the e-mail', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (name: string) =>
    process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpViaApi(page, uniqueEmail('remind-owner'), 'Rosa Reyes');
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Fabrikam' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(page.request);
  const today = new Date().toISOString().slice(0, 10);
  const due = addDays(today, 10);
  const assessment = await ok<{ id: string }>(
    page.request.post(`/api/v1/tenants/${tenant.id}/assessments`, {
      data: { frameworkId, version: 1, name: 'Quarterly review', dueDate: due },
      headers: origin,
    }),
  );

  // The assessor adds a respondent; the link goes by e-mail.
  await page.goto(`/tenant/${tenant.id}/assessments/${assessment.id}`);
  await page.getByRole('tab', { name: /Respondents/ }).click({ timeout: 30_000 });
  await expect(page.getByRole('group', { name: 'Reminders' })).toContainText(
    'A reminder 3 days before the due date',
  );
  await page.getByRole('button', { name: 'Add respondent' }).click();
  const add = page.getByRole('dialog', { name: 'Add a respondent' });
  const email = uniqueEmail('pat');
  await add.getByLabel(/^Name/).fill('Pat Doe');
  await add.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await add.getByRole('button', { name: 'Add respondent' }).click();
  await page
    .getByRole('dialog', { name: 'Their link' })
    .getByRole('button', { name: 'Done' })
    .click();
  const row = page
    .getByRole('table', { name: 'Respondents' })
    .getByRole('row', { name: /Pat Doe/ });
  await expect(row).toContainText(`Link sent ${shortDay(today)}`);

  // Three days before the due date, as the schedule's run would see it.
  const admin = await request.newContext({ baseURL: BASE_URL });
  await signInRequest(admin, ADMIN_EMAIL);
  const runAsOf = (day: string) =>
    ok<{ result: { respondents: number; owners: number } }>(
      admin.post('/api/v1/test/run-as-of', {
        data: { queue: QUEUE, at: `${day}T09:00:00.000Z` },
        headers: origin,
      }),
    );
  const first = await runAsOf(addDays(due, -3));
  expect(first.result.respondents).toBeGreaterThanOrEqual(1);
  let reminder: Mail | undefined;
  await expect(async () => {
    reminder = (await mailsTo(admin, email)).find((m) => m.subject.startsWith('Reminder:'));
    expect(reminder).toBeDefined();
  }).toPass({ timeout: 15_000 });
  expect(reminder!.subject).toBe(
    `Reminder: “Quarterly review” is due on ${new Date(`${due}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
  );
  const answerLink = linkIn(reminder!.text, 'Answer the questions');
  const stopLink = linkIn(reminder!.text, 'Stop reminders for this assessment');
  expect(answerLink).toMatch(/\/in-progress\/[^/]+\/[^/?]+\?token=rsp_/);

  // The assessor sees who was reminded, and when.
  await page.reload();
  await page.getByRole('tab', { name: /Respondents/ }).click({ timeout: 30_000 });
  await expect(row).toContainText(`Reminded ${shortDay(addDays(due, -3))}`);
  await page.screenshot({ path: shot('reminders-respondents-1280.png'), fullPage: true });

  // The respondent, on a phone: the reminder's link opens their questions.
  const phoneCtx = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await phoneCtx.newPage();
  await phone.goto(answerLink);
  await expect(phone.getByRole('heading', { level: 1, name: 'Quarterly review' })).toBeVisible({
    timeout: 30_000,
  });

  // They stop reminders from the e-mail's link (nothing changes until they press the button).
  await phone.goto(stopLink);
  await expect(phone.getByRole('heading', { name: 'Stop reminders?' })).toBeVisible();
  await phone.screenshot({ path: shot('reminders-stop-375.png') });
  await phone.getByRole('button', { name: 'Stop reminders' }).click();
  await expect(phone.getByRole('heading', { name: 'Reminders stopped' })).toBeVisible();
  await phone.screenshot({ path: shot('reminders-stopped-375.png') });
  await phone.setViewportSize({ width: 1280, height: 700 });
  await phone.screenshot({ path: shot('reminders-stopped-1280.png') });
  // Their way back to the questions still works.
  await phone.getByRole('link', { name: 'Answer the questions' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'Quarterly review' })).toBeVisible();

  // The assessor sees it; the due date's last call does not go to them.
  await page.reload();
  await page.getByRole('tab', { name: /Respondents/ }).click({ timeout: 30_000 });
  await expect(row).toContainText('Stopped reminders');
  await runAsOf(due);
  const all = await mailsTo(admin, email);
  expect(all.filter((m) => m.subject.startsWith('Last call'))).toHaveLength(0);
  expect(all.filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(1);

  // The respondents panel on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: shot('reminders-respondents-375.png'), fullPage: true });

  // The account's defaults, on admin/general.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/general');
  const defaults = page.getByRole('form', { name: 'Reminder defaults' });
  await expect(defaults.getByRole('switch', { name: 'Send reminders' })).toBeChecked({
    timeout: 30_000,
  });
  await defaults
    .getByRole('textbox', { name: 'Days before the due date for a reminder' })
    .fill('5');
  await defaults.getByRole('button', { name: 'Save reminders' }).click();
  await expect(defaults.getByRole('status')).toHaveText('Saved.');
  await page.getByRole('heading', { name: 'Reminders' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('reminders-defaults-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('heading', { name: 'Reminders' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('reminders-defaults-375.png') });
  await phoneCtx.close();
  await admin.dispose();
});
