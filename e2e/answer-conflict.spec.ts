import path from 'node:path';
import type { APIResponse, Page, Route } from '@playwright/test';
import {
  ADMIN_EMAIL,
  BASE_URL,
  expect,
  signInViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';
import { publishWorkedExample } from './frameworks';

// Two people change the same answer at once (issue 21, docs/assessments.md "Saving an
// answer"): the one whose save was based on the older answer sees the conflict at the
// question, with the other's answer and name, and keeps theirs or takes the other's.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

/**
 * Holds the page's next save of `questionKey` on its way to the server (the person chose
 * before the other's answer reached them); the returned function lets it go on once caught.
 */
async function holdNextSave(page: Page, questionKey: string): Promise<() => Promise<void>> {
  let caught!: (route: Route) => void;
  const held = new Promise<Route>((resolve) => (caught = resolve));
  const pattern = `**/answers/${questionKey}`;
  await page.route(pattern, (route) =>
    route.request().method() === 'PUT' ? caught(route) : route.fallback(),
  );
  return async () => {
    const route = await held;
    await route.continue();
    await page.unroute(pattern);
  };
}

test('two members change the same answer: the later sees the conflict and keeps theirs, then takes the other’s', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // Screenshots for a person to look at (SHOTS_DIR, or the test's output folder).
  const shot = (name: string) =>
    process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);

  // Ana owns the account and starts an assessment; Ben, invited, is a member.
  const anaCtx = await browser.newContext({ baseURL: BASE_URL });
  const ana = await anaCtx.newPage();
  await signUpViaApi(ana, uniqueEmail('conflict-owner'), 'Ana Lima');
  const tenant = await ok<{ id: string }>(
    ana.request.post('/api/v1/tenants', { data: { name: 'Contoso' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(ana.request);
  const assessment = await ok<{ id: string }>(
    ana.request.post(`/api/v1/tenants/${tenant.id}/assessments`, {
      data: { frameworkId, version: 1, name: 'Contoso review' },
      headers: origin,
    }),
  );
  const benEmail = uniqueEmail('conflict-member');
  await ok(
    ana.request.post('/api/v1/invitations', {
      data: { email: benEmail, role: 'member' },
      headers: origin,
    }),
  );
  const staffCtx = await browser.newContext({ baseURL: BASE_URL });
  const staff = await staffCtx.newPage();
  await signInViaApi(staff, ADMIN_EMAIL);
  let token = '';
  await expect(async () => {
    const { messages } = await ok<{ messages: { to: string; text: string }[] }>(
      staff.request.get('/api/v1/system/mailbox'),
    );
    const mail = messages.find((m) => m.to === benEmail && /\/invitations\//.test(m.text));
    expect(mail).toBeDefined();
    token = /\/invitations\/([\w-]+)/.exec(mail!.text)![1]!;
  }).toPass({ timeout: 15_000 });
  await staffCtx.close();
  const benCtx = await browser.newContext({ baseURL: BASE_URL });
  const ben = await benCtx.newPage();
  await signUpViaApi(ben, benEmail, 'Ben Ortiz');
  await ok(
    ben.request.post(`/api/v1/invitations/by-token/${token}/accept`, {
      data: {},
      headers: origin,
    }),
  );

  // Both open the first question, not answered yet.
  const url = `/tenant/${tenant.id}/assessments/${assessment.id}?q=Q1`;
  await ana.setViewportSize({ width: 1280, height: 900 });
  await ben.setViewportSize({ width: 1280, height: 900 });
  await ana.goto(url);
  await ben.goto(url);
  for (const p of [ana, ben]) {
    await expect(p.getByRole('heading', { name: 'Is it done?' })).toBeVisible({ timeout: 30_000 });
    await expect(p.getByText('Not answered yet')).toBeVisible();
  }

  // Ben chooses Partial, Ana Yes; Ana's save reaches the server first.
  const letBenGo = await holdNextSave(ben, 'Q1');
  await ben.getByRole('radio', { name: 'Partial' }).click();
  await ana.getByRole('radio', { name: 'Yes' }).click();
  await expect(ana.getByText('Saved')).toBeVisible();
  await letBenGo();

  // Ben's save was based on "no answer": refused; the conflict shows at the question, with
  // Ana's answer and name, and stays through the refresh that brings Ana's answer.
  const conflict = ben.getByRole('alert').filter({ hasText: 'This answer was changed meanwhile' });
  await expect(conflict).toContainText('Ana Lima changed this to Yes just now.');
  await expect(conflict).toContainText('Your changes are not saved yet.');
  await expect(ben.getByText(/Answered by Ana Lima/)).toBeVisible();
  await expect(conflict).toBeVisible();
  await expect(ben.getByRole('radio', { name: 'Partial' })).toHaveAttribute('aria-checked', 'true');
  // The screen on a desktop; the question, the conflict and Ben's answer in view on a phone.
  const question = ben.getByRole('heading', { name: 'Is it done?' });
  const showQuestion = () =>
    question.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + scrollY - 80));
  await ben.screenshot({ path: shot('answer-conflict-1280.png'), fullPage: true });
  await ben.setViewportSize({ width: 375, height: 812 });
  await showQuestion();
  await ben.screenshot({ path: shot('answer-conflict-375.png') });
  await ben.setViewportSize({ width: 1280, height: 900 });
  // Their version in full (their note too, when they wrote one), on request.
  await conflict.getByRole('button', { name: 'Show their version' }).click();
  await expect(conflict.getByRole('button', { name: 'Hide their version' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(conflict.getByText('Their answer:')).toBeVisible();

  // Keep mine: Ben's answer is saved over Ana's; Ana, who has not touched it since, simply
  // sees it change (no conflict for her).
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(ben.getByText('Saved')).toBeVisible();
  await expect(conflict).toHaveCount(0);
  await expect(ana.getByRole('radio', { name: 'Partial' })).toHaveAttribute('aria-checked', 'true');
  await expect(ana.getByText(/Answered by Ben Ortiz/)).toBeVisible();
  await expect(ana.getByRole('alert')).toHaveCount(0);

  // Again at once: Ben chooses No, Ana Yes first. This time Ben takes Ana's answer.
  const letBenGoAgain = await holdNextSave(ben, 'Q1');
  await ben.getByRole('radio', { name: 'No' }).click();
  await ana.getByRole('radio', { name: 'Yes' }).click();
  await expect(ana.getByText('Saved')).toBeVisible();
  await letBenGoAgain();
  await expect(conflict).toContainText('Ana Lima changed this to Yes just now.');
  await conflict.getByRole('button', { name: 'Take theirs' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(ben.getByRole('radio', { name: 'Yes' })).toHaveAttribute('aria-checked', 'true');
  await expect(ben.getByText(/Answered by Ana Lima/)).toBeVisible();
  // Nothing of Ben's "No" was written: Ana's Yes is the answer, two changes after Ben's.
  const detail = await ok<{ answers: Array<{ questionKey: string; value: unknown }> }>(
    ana.request.get(`/api/v1/tenants/${tenant.id}/assessments/${assessment.id}`),
  );
  expect(detail.answers.find((a) => a.questionKey === 'Q1')?.value).toBe('yes');
  await expect(ana.getByRole('radio', { name: 'Yes' })).toHaveAttribute('aria-checked', 'true');
  await expect(ana.getByRole('alert')).toHaveCount(0);

  await anaCtx.close();
  await benCtx.close();
});
