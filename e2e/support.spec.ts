import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

/** A 1 × 1 PNG: the screenshot the member attaches. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const origin = { origin: BASE_URL };

/** The newest message of the development mailbox to `to` whose subject matches, as staff read it. */
async function mailTo(admin: Page, to: string, subject: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect(async () => {
    const res = await admin.request.get('/api/v1/system/mailbox');
    expect(res.ok()).toBeTruthy();
    const { messages } = (await res.json()) as {
      messages: { to: string; subject: string; text: string }[];
    };
    found = messages.find((m) => m.to === to && subject.test(m.subject));
    expect(found).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found!;
}

test('a member opens a ticket with a screenshot, staff answer it from the service console, the member reads the reply and has the e-mail', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // Screenshots of the screens at 1280 and 375 px, for a person to look at (SHOTS_DIR, or the
  // test's output folder).
  const shot = (name: string) =>
    process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);
  // The staff member (the e2e system admin), who also reads the development mailbox.
  const staffCtx = await browser.newContext({ baseURL: BASE_URL });
  const staff = await staffCtx.newPage();
  await signInViaApi(staff, ADMIN_EMAIL);

  // An owner invites a member, who joins the account.
  const ownerCtx = await browser.newContext({ baseURL: BASE_URL });
  const owner = await ownerCtx.newPage();
  await signUpViaApi(owner, uniqueEmail('support-owner'), 'Olive Owner');
  const memberEmail = uniqueEmail('support-member');
  const invited = await owner.request.post('/api/v1/invitations', {
    data: { email: memberEmail, role: 'member' },
    headers: origin,
  });
  expect(invited.ok(), await invited.text()).toBeTruthy();
  const invitation = await mailTo(staff, memberEmail, /./);
  const token = /\/invitations\/([\w-]+)/.exec(invitation.text)![1]!;
  const memberCtx = await browser.newContext({ baseURL: BASE_URL });
  const member = await memberCtx.newPage();
  await signUpViaApi(member, memberEmail, 'Mia Member');
  const accepted = await member.request.post(`/api/v1/invitations/by-token/${token}/accept`, {
    data: {},
    headers: origin,
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();

  // The member opens a ticket from the support page, with a screenshot.
  const subject = `Export does nothing ${Date.now().toString(36)}`;
  await member.setViewportSize({ width: 1280, height: 900 });
  await member.goto('/support');
  await expect(member.getByText(/No tickets yet/)).toBeVisible();
  await member.getByRole('button', { name: 'New ticket' }).click();
  const form = member.getByRole('form', { name: 'New ticket' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Category').click();
  await member.getByRole('option', { name: 'Problem' }).click();
  await form.getByLabel('Message').fill('I click **Export** and nothing happens.');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'screenshot.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(form.getByText('Attached: screenshot.png')).toBeVisible();
  await member.screenshot({ path: shot('new-ticket-1280.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send ticket' }).click();
  const heading = member.getByRole('heading', { name: new RegExp(`#\\d+ ${subject}`) });
  await expect(heading).toBeVisible();
  await expect(member).toHaveURL(/\/support\?ticket=/);
  const ticketId = new URL(member.url()).searchParams.get('ticket')!;
  await expect(member.getByRole('img', { name: 'Attachment 1' })).toBeVisible();

  // Staff find it in the queue, leave an internal note and answer.
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.goto('/service/support');
  await staff
    .getByRole('link', { name: new RegExp(subject) })
    .first()
    .click();
  await expect(staff).toHaveURL(new RegExp(`/service/support/${ticketId}$`));
  await expect(staff.getByRole('img', { name: 'Attachment 1' })).toBeVisible();
  await staff.getByLabel('Internal note (customers never see it)').check();
  await staff.getByLabel('Internal note', { exact: true }).fill('Probably the CSV worker.');
  await staff.getByRole('button', { name: 'Add note' }).click();
  await expect(staff.getByRole('listitem', { name: 'Internal note' })).toContainText(
    'Probably the CSV worker.',
  );
  await staff.getByLabel('Internal note (customers never see it)').uncheck();
  await staff.getByLabel('Reply to the customer').fill('Fixed now: please try again.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(
    staff.getByRole('listitem').filter({ hasText: 'Fixed now: please try again.' }),
  ).toBeVisible();
  await staff.screenshot({ path: shot('staff-ticket-1280.png'), fullPage: true });
  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.goto('/service/support');
  await expect(staff.getByRole('link', { name: new RegExp(subject) }).first()).toBeVisible();
  await staff.screenshot({ path: shot('staff-queue-375.png'), fullPage: true });

  // The member sees the reply (never the note), on a phone too.
  await member.reload();
  await expect(
    member.getByRole('listitem', { name: 'Message from Tenantry support' }),
  ).toContainText('Fixed now: please try again.');
  await expect(member.getByText('Probably the CSV worker.')).toHaveCount(0);
  await expect(member.getByText('Waiting for your reply')).toBeVisible();
  await member.screenshot({ path: shot('thread-1280.png'), fullPage: true });
  await member.setViewportSize({ width: 375, height: 800 });
  await member.screenshot({ path: shot('thread-375.png'), fullPage: true });

  // And the e-mail is in the mailbox, linking to the thread, without the note.
  const mail = await mailTo(staff, memberEmail, /Support replied/);
  expect(mail.text).toContain(`/support?ticket=${ticketId}`);
  expect(mail.text).not.toContain('CSV worker');

  await Promise.all([staffCtx.close(), ownerCtx.close(), memberCtx.close()]);
});
