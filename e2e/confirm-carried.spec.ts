import path from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';

// Confirm-only re-assessment (docs/assessments.md, "Confirming last period's answers"): last
// quarter's answers are carried into this quarter's assessment; the assessor confirms one
// answer and a section, and a respondent on a 375 px phone confirms a section with one tap and
// changes one answer, online and then offline and back online.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

const yesNo = (key: string, title: string) => ({ key, title, type: 'yes_no' });

/** A framework of three sections, last quarter's completed assessment, and this quarter's. */
async function quarters(request: APIRequestContext) {
  const tenant = await ok<{ id: string }>(
    request.post('/api/v1/tenants', { data: { name: 'Contoso Ltd' }, headers: origin }),
  );
  const document = {
    format: 'tenantry.framework/1',
    key: `quarterly-${Date.now()}`,
    name: 'Quarterly check',
    sections: [
      {
        key: 'A',
        title: 'Policies',
        questions: [
          yesNo('A.1', 'Is there a signed security policy?'),
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
          yesNo('B.2', 'Are disks encrypted?'),
        ],
      },
      {
        key: 'C',
        title: 'People',
        questions: [
          yesNo('C.1', 'Is there security training?'),
          yesNo('C.2', 'Do leavers lose access the same day?'),
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
  const base = `/api/v1/tenants/${tenant.id}/assessments`;
  const start = (name: string) =>
    ok<{ id: string }>(
      request.post(base, { data: { frameworkId: fw.id, version: 1, name }, headers: origin }),
    );
  const q3 = await start('Q3 review');
  const last: Record<string, unknown> = {
    'A.1': 'yes',
    'A.2': 'Nightly, kept 30 days',
    'B.1': 'low',
    'B.2': 'yes',
    'C.1': 'yes',
    'C.2': 'yes',
  };
  for (const [key, value] of Object.entries(last)) {
    await ok(request.put(`${base}/${q3.id}/answers/${key}`, { data: { value }, headers: origin }));
  }
  await ok(request.post(`${base}/${q3.id}/complete`, { data: {}, headers: origin }));
  // This quarter's assessment starts from last quarter's: its answers are carried to confirm.
  const q4 = await ok<{ id: string; carried: number }>(
    request.post(`${base}/${q3.id}/next`, {
      data: { name: 'Q4 review', useNewestVersion: false, reinviteRespondents: false },
      headers: origin,
    }),
  );
  expect(q4.carried).toBe(6);
  return { tenantId: tenant.id, base, q4: q4.id };
}

test('last quarter’s answers are confirmed or changed, by the assessor and on a phone', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = (name: string) =>
    process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);
  const { name } = await signUpViaApi(page);
  const { tenantId, base, q4 } = await quarters(page.request);

  // The assessor: last period's answer with Still true and Changed; nothing is answered yet.
  // (The filter's chips are radios drawn as chips: counted, not seen.)
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tenant/${tenantId}/assessments/${q4}?q=A.1`);
  const lastPeriod = page.getByRole('group', { name: /Last period: Yes/ });
  await expect(lastPeriod).toBeVisible();
  await expect(lastPeriod).toContainText(name);
  await expect(page.getByRole('radio', { name: 'To confirm 6' })).toHaveCount(1);
  await expect(
    page.getByRole('button', { name: 'Nothing changed here (2): Policies' }),
  ).toBeVisible();
  await page.screenshot({ path: shot('confirm-carried-1280.png') });
  await page.setViewportSize({ width: 375, height: 812 });
  await lastPeriod.scrollIntoViewIfNeeded();
  await expect(lastPeriod.getByRole('button', { name: 'Still true' })).toBeInViewport();
  await page.screenshot({ path: shot('confirm-carried-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await lastPeriod.getByRole('button', { name: 'Still true' }).click();
  await expect(page.getByText('Confirmed unchanged')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'To confirm 5' })).toHaveCount(1);
  // The rest of the section at once.
  await page.getByRole('button', { name: 'Nothing changed here (1): Policies' }).click();
  await expect(page.getByText('Confirmed 1 answer unchanged.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'To confirm 4' })).toHaveCount(1);

  // A respondent for Devices and People, on their phone.
  const { link } = await ok<{ link: string }>(
    page.request.post(`${base}/${q4}/respondents`, {
      data: { name: 'Pat Doe', email: 'pat@example.test', sections: ['B', 'C'], sendEmail: false },
      headers: origin,
    }),
  );
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Q4 review' })).toBeVisible();
  await expect(phone.getByText('0 of 4 answered · 4 to confirm')).toBeVisible();
  const devices = phone.getByRole('region', { name: 'Devices' });
  await expect(devices.getByRole('group', { name: /Last period: Low/ })).toBeVisible();
  await phone.screenshot({ path: shot('confirm-carried-respondent-375.png') });

  // One tap confirms the section; then one answer changes.
  await devices.getByRole('button', { name: 'Nothing changed here (2)' }).click();
  await expect(phone.getByRole('status')).toHaveText('All answers saved');
  await expect(phone.getByText('2 of 4 answered · 2 to confirm')).toBeVisible();
  await expect(devices.getByText(/Same as last period/)).toHaveCount(2);
  await devices.getByRole('radio', { name: 'High' }).check();
  await expect(devices.getByText(/Changed since last period \(was Low\)/)).toBeVisible();
  await expect(phone.getByRole('status')).toHaveText('All answers saved');

  // Offline: the next section's tap and a change are queued like any answer.
  await context.setOffline(true);
  await expect(phone.getByText(/You are offline/)).toBeVisible();
  const people = phone.getByRole('region', { name: 'People' });
  await people.getByRole('button', { name: 'Nothing changed here (2)' }).click();
  await expect(phone.getByRole('status')).toHaveText(/answers? waiting for the network/);
  await expect(phone.getByText('4 of 4 answered')).toBeVisible();
  const training = people.getByRole('article', { name: /security training/ });
  await training.getByRole('radio', { name: 'No' }).check();
  await expect(training.getByText(/Changed since last period \(was Yes\)/)).toBeVisible();
  await context.setOffline(false);
  await expect(phone.getByRole('status')).toHaveText('All answers saved');
  await expect(phone.getByText(/You are offline/)).toBeHidden();

  // The assessor's assessment counts them: every carried answer confirmed or changed.
  const detail = await ok<{
    answered: number;
    carried: { counts: { toConfirm: number; confirmed: number; changed: number } };
  }>(page.request.get(`${base}/${q4}`));
  expect(detail.answered).toBe(6);
  expect(detail.carried.counts).toEqual({ toConfirm: 0, confirmed: 4, changed: 2 });
  await page.reload();
  await expect(page.getByRole('radio', { name: /To confirm/ })).toHaveCount(0);
  await context.close();
});
