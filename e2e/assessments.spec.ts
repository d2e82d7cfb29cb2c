import type { APIResponse } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';

// An assessor starts an assessment of a client tenant on the shipped MSP framework, answers
// (saved as they go), a second window follows live, adds a respondent (the link shown once)
// and completes it: answers locked (docs/assessments.md).

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

test('an assessor starts an assessment, answers, is followed live, adds a respondent and completes it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Fabrikam' }, headers: origin }),
  );

  // An empty tab explains and offers to start.
  await page.goto(`/tenant/${tenant.id}/assessments`);
  await expect(page.getByRole('heading', { name: 'No assessments yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Start assessment' }).click();
  const start = page.getByRole('dialog', { name: 'Start an assessment of Fabrikam' });
  await start.getByLabel(/^Framework/).click();
  await page.getByRole('option', { name: /MSP Essential Hygiene Check/ }).click();
  await expect(start.getByLabel(/^Name/)).toHaveValue(/^MSP Essential Hygiene Check – \w+ \d{4}$/);
  await expect(start.getByText('27 questions in scope')).toBeVisible();
  await start.getByRole('button', { name: 'Start assessment' }).click();

  // The assessor screen opens on the first question.
  await expect(page).toHaveURL(/\/assessments\/[^/?]+\?q=mfa-email$/);
  await expect(page.getByRole('heading', { name: /Is MFA enforced/ })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  // A second window on the same assessment.
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const second = await other.newPage();
  await second.goto(page.url());
  await expect(second.getByText('None given yet')).toBeVisible();

  // A choice is saved at once (and starts the draft); the second window follows.
  await page.getByRole('radio', { name: 'Yes' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await expect(page.getByText('In progress', { exact: true })).toBeVisible();
  await expect(second.getByText('Updated just now by Avery Quinn')).toBeVisible();
  await expect(second.getByRole('radio', { name: 'Yes' })).toHaveAttribute('aria-checked', 'true');

  // j moves on; a number is saved once typing pauses.
  await page.keyboard.press('j');
  await expect(
    page.getByRole('heading', { name: /What percentage of all user accounts/ }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\?q=mfa-coverage$/);
  await page.getByRole('textbox', { name: 'Answer' }).fill('95');
  await expect(page.getByText('Saved')).toBeVisible();
  await expect(second.getByText('2/27').first()).toBeVisible();

  // A respondent: their link is shown once.
  await page.getByRole('tab', { name: /Respondents/ }).click();
  await page.getByRole('button', { name: 'Add respondent' }).click();
  const add = page.getByRole('dialog', { name: 'Add a respondent' });
  await add.getByLabel(/^Name/).fill('Pat Doe');
  await add.getByRole('textbox', { name: /^E-mail/ }).fill('pat@fabrikam.test');
  await add.getByRole('checkbox', { name: 'E-mail the link to them' }).uncheck();
  await add.getByRole('button', { name: 'Add respondent' }).click();
  const shown = page.getByRole('dialog', { name: 'Their link' });
  await expect(shown.getByText('It will not be shown again')).toBeVisible();
  await expect(shown.getByRole('textbox', { name: 'Link for Pat Doe' })).toHaveValue(
    /\/in-progress\//,
  );
  await shown.getByRole('button', { name: 'Done' }).click();
  const respondents = page.getByRole('table', { name: 'Respondents' });
  await expect(respondents.getByText('Pat Doe')).toBeVisible();
  await expect(respondents.getByText('Invited')).toBeVisible();

  // Complete (after a confirmation): the answers are locked, here and in the second window.
  await page.getByRole('button', { name: 'Complete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Complete this assessment?' });
  await expect(confirm.getByText('25 questions are still unanswered.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Complete and lock answers' }).click();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.getByRole('tab', { name: 'Questions' }).click();
  await expect(
    page.getByText('Completed: answers are locked. Reopen it to change them.'),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Answer' })).toBeDisabled();
  await expect(second.getByRole('radio', { name: 'No' })).toBeDisabled();

  // The list shows it completed, with its progress.
  await page.getByRole('link', { name: 'All assessments' }).click();
  const table = page.getByRole('table', { name: 'Assessments' });
  await expect(table.getByText('Completed')).toBeVisible();
  await expect(table.getByText('2/27')).toBeVisible();
  await other.close();
});
