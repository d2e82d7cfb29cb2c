import type { APIRequestContext, APIResponse } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';

// A respondent (no account) answers on a phone through their link, keeps answering offline,
// reloads while offline, and submits once everything is saved (docs/assessments.md).

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

/** An assessment of a small framework on a new client tenant, and a respondent's link. */
async function respondentLink(
  request: APIRequestContext,
): Promise<{ link: string; answers: string }> {
  const tenant = await ok<{ id: string }>(
    request.post('/api/v1/tenants', { data: { name: 'Contoso Ltd' }, headers: origin }),
  );
  const document = {
    format: 'tenantry.framework/1',
    key: `respondent-${Date.now()}`,
    name: 'Phone check',
    sections: [
      {
        key: 'A',
        title: 'Policies',
        questions: [
          {
            key: 'A.1',
            title: 'Is there a signed security policy?',
            type: 'yes_no',
            guidance: 'Look for a **signed** policy.',
          },
          { key: 'A.2', title: 'Describe the backup process', type: 'text' },
        ],
      },
      {
        key: 'B',
        title: 'Devices',
        questions: [
          {
            key: 'B.1',
            title: 'Which tier?',
            type: 'single_choice',
            options: [
              { key: 'low', label: 'Low', score: 0.25 },
              { key: 'high', label: 'High', score: 1 },
            ],
          },
        ],
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
      data: { frameworkId: fw.id, version: 1, name: 'Q3 baseline', dueDate: '2026-12-31' },
      headers: origin,
    }),
  );
  const { link } = await ok<{ link: string }>(
    request.post(`/api/v1/tenants/${tenant.id}/assessments/${a.id}/respondents`, {
      data: { name: 'Pat Doe', email: 'pat@example.test', sendEmail: false },
      headers: origin,
    }),
  );
  return { link, answers: `/api/v1/tenants/${tenant.id}/assessments/${a.id}/answers` };
}

test.use({ viewport: { width: 375, height: 812 } });

test('a respondent answers on a phone, offline too, and submits their part', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  const { link, answers } = await respondentLink(page.request);

  // The respondent's own browser: no session, only the link.
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await context.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Q3 baseline' })).toBeVisible();
  await expect(phone).toHaveURL(/\/in-progress\/[^/?]+\/[^/?]+$/); // the token left the address bar
  await expect(phone.getByText('0 of 3 answered')).toBeVisible();
  await expect(phone.getByRole('status')).toHaveText(
    'No answers yet: each answer is saved as you give it',
  );

  await phone
    .getByRole('radiogroup', { name: /signed security policy/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await expect(phone.getByRole('status')).toHaveText('All answers saved');
  await expect(phone.getByText('1 of 3 answered')).toBeVisible();
  // The service worker controls the page: an offline reload can be served.
  await expect
    .poll(() => phone.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);

  await context.setOffline(true);
  // Said at once, not only after a reload.
  await expect(phone.getByText(/You are offline/)).toBeVisible();
  await phone.getByRole('radio', { name: 'High' }).check();
  await phone.getByRole('textbox', { name: /backup process/ }).fill('Nightly, kept 30 days');
  await expect(phone.getByRole('status')).toHaveText('2 answers waiting for the network');

  await phone.reload();
  await expect(phone.getByRole('heading', { level: 1, name: 'Q3 baseline' })).toBeVisible();
  await expect(phone.getByText(/You are offline/)).toBeVisible();
  await expect(phone.getByRole('radio', { name: 'High' })).toBeChecked();
  await expect(phone.getByRole('textbox', { name: /backup process/ })).toHaveValue(
    'Nightly, kept 30 days',
  );
  await expect(phone.getByRole('status')).toHaveText('2 answers waiting for the network');
  await expect(phone.getByRole('button', { name: 'Submit my part' })).toBeDisabled();

  // Meanwhile the assessor answers B.1 too: theirs is newer than the respondent's queued one.
  const theirs = await page.request.put(`${answers}/B.1`, {
    data: { value: 'low' },
    headers: origin,
  });
  expect(theirs.ok(), await theirs.text()).toBeTruthy();

  await context.setOffline(false);
  // The replayed older answer is not applied, and the respondent is told at the question.
  await expect(phone.getByRole('status')).toHaveText(
    '1 answer not applied: a newer answer was kept',
  );
  await expect(phone.getByText(/You are offline/)).toBeHidden();
  const tier = phone.getByRole('article', { name: /Which tier/ });
  await expect(tier.getByRole('alert')).toHaveText(
    /^Someone else changed this to Low at .+; your answer High was not applied\./,
  );
  await expect(tier.getByRole('radio', { name: 'Low' })).toBeChecked();
  await tier.getByRole('button', { name: 'Give my answer again' }).click();
  await expect(phone.getByRole('status')).toHaveText('All answers saved');
  await expect(tier.getByRole('radio', { name: 'High' })).toBeChecked();
  await expect(tier.getByRole('alert')).toBeHidden();
  await expect(phone.getByText('3 of 3 answered')).toBeVisible();

  await phone.getByRole('button', { name: 'Submit my part' }).click();
  await phone.getByRole('button', { name: 'Yes, submit' }).click();
  await expect(
    phone.getByRole('heading', { level: 2, name: 'Thank you, your part is submitted' }),
  ).toBeVisible();
  await expect(phone.getByRole('radio', { name: 'High' })).toBeDisabled();
  await context.close();
});
