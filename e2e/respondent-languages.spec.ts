import type { APIRequestContext, APIResponse } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';

// The respondent page in the respondent's language (docs/languages.md): a phone whose browser
// is German sees German, switches to French (remembered on the device) and answers.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

async function respondentLink(request: APIRequestContext): Promise<string> {
  const tenant = await ok<{ id: string }>(
    request.post('/api/v1/tenants', { data: { name: 'Contoso GmbH' }, headers: origin }),
  );
  const document = {
    format: 'tenantry.framework/1',
    key: `languages-${Date.now()}`,
    name: 'Phone check',
    sections: [
      {
        key: 'A',
        title: 'Policies',
        questions: [
          { key: 'A.1', title: 'Is there a signed security policy?', type: 'yes_no' },
          { key: 'A.2', title: 'Describe the backup process', type: 'text' },
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
      data: { name: 'Jonas Weber', email: 'jonas@example.test', sendEmail: false },
      headers: origin,
    }),
  );
  return link;
}

test('a German phone sees German, switches to French and answers', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  const link = await respondentLink(page.request);

  const context = await browser.newContext({
    locale: 'de-DE',
    viewport: { width: 375, height: 812 },
  });
  const phone = await context.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Q3 baseline' })).toBeVisible();
  await expect(phone.getByText('Sie antworten als Jonas Weber')).toBeVisible();
  await expect(phone.getByText('Fällig am 31. Dezember 2026')).toBeVisible();
  await expect(phone.getByRole('status')).toHaveText(
    'Noch keine Antworten: Jede Antwort wird sofort gespeichert',
  );
  await expect(phone.locator('html')).toHaveAttribute('lang', 'de');
  await phone.screenshot({ path: testInfo.outputPath('respondent-de-375.png'), fullPage: true });

  await phone.getByRole('combobox', { name: 'Sprache' }).selectOption('fr');
  await expect(phone.getByText('Vous répondez en tant que Jonas Weber')).toBeVisible();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'fr');

  await phone
    .getByRole('radiogroup', { name: /signed security policy/ })
    .getByRole('radio', { name: 'Oui' })
    .check();
  await expect(phone.getByRole('status')).toHaveText('Toutes les réponses sont enregistrées');
  await expect(phone.getByText('1 sur 2 répondues')).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('respondent-fr-375.png'), fullPage: true });

  // The choice is kept on the device: a reload stays in French.
  await phone.reload();
  await expect(phone.getByText('Vous répondez en tant que Jonas Weber')).toBeVisible();
  await expect(
    phone.getByRole('radiogroup', { name: /signed security policy/ }).getByRole('radio', {
      name: 'Oui',
    }),
  ).toBeChecked();
  await context.close();
});
