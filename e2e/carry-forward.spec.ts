import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';
import { publishWorkedExample } from './frameworks';

// Carrying an assessment forward to a newer framework version (docs/assessments.md): an
// assessment answered on version 1 of the worked example meets version 2 (Q2 reworded, Q1
// removed, Q7 added). The assessor previews, carries it forward, reviews the reworded
// question, reads the answer set aside, and undoes it all: back on version 1.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

interface Draft {
  draft: {
    sections: Array<{ questions: Array<Record<string, unknown> & { key: string }> }>;
  };
  draftRevision: number;
}

/** Version 2 of the worked example, published through the API: Q2 reworded, Q1 gone, Q7 new. */
async function publishV2(request: APIRequestContext, frameworkId: string): Promise<void> {
  const fw = await ok<Draft>(request.get(`/api/v1/content/frameworks/${frameworkId}`));
  const doc = structuredClone(fw.draft);
  const [a, b] = doc.sections;
  a!.questions = a!.questions.filter((q) => q.key !== 'Q1');
  a!.questions.find((q) => q.key === 'Q2')!.title = 'How mature is it, across every site?';
  b!.questions.push({ key: 'Q7', title: 'Is there an offline backup?', type: 'yes_no' });
  await ok(
    request.put(`/api/v1/content/frameworks/${frameworkId}/draft`, {
      data: { revision: fw.draftRevision, document: doc },
      headers: origin,
    }),
  );
  await ok(
    request.post(`/api/v1/content/frameworks/${frameworkId}/publish`, {
      data: {
        revision: fw.draftRevision + 1,
        releaseNotes: 'Q2 asks about every site; Q1 is dropped; Q7 asks about backups.',
      },
      headers: origin,
    }),
  );
}

/** A question's row in the tree ("Q2 How mature…"). */
const questionRow = (page: Page, key: string) =>
  page
    .getByRole('navigation', { name: 'Sections and questions' })
    .getByRole('button', { name: new RegExp(`^${key} `) });

test('an assessor carries an assessment forward to version 2, reviews, reads what was set aside and undoes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Litware' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(page.request);

  // Started and answered on version 1.
  const base = `/api/v1/tenants/${tenant.id}/assessments`;
  const assessment = await ok<{ id: string }>(
    page.request.post(base, {
      data: { frameworkId, version: 1, name: 'Spring review' },
      headers: origin,
    }),
  );
  const answers = {
    Q1: { value: 'yes', note: 'Checked on site' },
    Q2: { value: 2 },
    Q3: { value: 'Reviewed by the board' },
    Q4: { value: 'low' },
    Q5: { na: true },
    Q6: { value: 15 },
  };
  for (const [key, body] of Object.entries(answers)) {
    await ok(
      page.request.put(`${base}/${assessment.id}/answers/${key}`, { data: body, headers: origin }),
    );
  }
  await publishV2(page.request, frameworkId);

  await page.goto(`/tenant/${tenant.id}/assessments/${assessment.id}`);
  // A first load: slow on a loaded 2-core machine (seen above 10 s in the other journeys).
  await expect(page.getByText('Worked example · version 1', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  const notice = page.getByRole('note', { name: 'Newer framework version' });
  await expect(notice).toContainText('Version 2 of Worked example is out.');

  // The preview: release notes, counts, and the three lists.
  await notice.getByRole('button', { name: 'Carry forward…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Carry forward to version 2 of Worked example' });
  await expect(dialog.getByText(/Q2 asks about every site/)).toBeVisible();
  await expect(
    dialog.getByText(
      '4 answers carried as they are · 1 to review · 1 set aside (kept in the record) · 1 new question',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Changed questions (1)' }).click();
  const changed = dialog.getByRole('list', { name: 'Changed questions' });
  await expect(changed).toContainText('How mature is it, across every site?');
  await expect(changed).toContainText('Answer kept, to review');
  await expect(changed).toContainText('Wording');
  await dialog.getByRole('button', { name: 'Removed questions (1)' }).click();
  await expect(dialog.getByRole('list', { name: 'Removed questions' })).toContainText(
    'Is it done?',
  );
  await dialog.getByRole('button', { name: 'New questions (1)' }).click();
  await expect(dialog.getByRole('list', { name: 'New questions' })).toContainText(
    'Is there an offline backup?',
  );
  await expect(dialog.getByText(/Nothing is deleted/)).toContainText('72 hours');
  await dialog.getByRole('button', { name: 'Carry forward to v2' }).click();
  await expect(dialog).toBeHidden();

  // Carried forward: the banner, version 2, the offer gone.
  const banner = page.getByRole('region', { name: 'Carry-forward' });
  await expect(banner).toContainText(/Carried forward from v1 to v2 on .+ by Avery Quinn/);
  await expect(banner).toContainText('1 set aside (kept in the record)');
  await expect(page.getByText('Worked example · version 2', { exact: false })).toBeVisible();
  await expect(notice).toBeHidden();
  await page.getByRole('button', { name: 'Expand B' }).click();
  await expect(questionRow(page, 'Q1')).toHaveCount(0);
  await expect(questionRow(page, 'Q7')).toBeVisible();

  // The reworded question is marked for review; marking it reviewed clears the mark.
  await expect(questionRow(page, 'Q2')).toContainText('Review');
  await expect(questionRow(page, 'Q3')).not.toContainText('Review');
  await questionRow(page, 'Q2').click();
  await expect(
    page.getByRole('heading', { level: 3, name: 'How mature is it, across every site?' }),
  ).toBeVisible();
  const review = page.getByRole('note', { name: 'To review' });
  await expect(review).toContainText('This question changed in v2: check the answer.');
  await review.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(review).toBeHidden();
  await expect(questionRow(page, 'Q2')).not.toContainText('Review');

  // The answer set aside is kept in the record, read as it was given.
  await banner.getByRole('button', { name: 'Show set-aside answers' }).click();
  const drawer = page.getByRole('dialog', { name: 'Set-aside answers' });
  const q1 = drawer.getByRole('listitem', { name: 'Q1' });
  await expect(q1).toContainText('Is it done?');
  await expect(q1).toContainText('Yes');
  await expect(q1).toContainText('Checked on site');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // Undone: version 1 again, with Q1's answer back, and the offer again.
  await banner.getByRole('button', { name: 'Undo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo the carry-forward?' });
  await expect(confirm).toContainText('back to version 1 of Worked example');
  await confirm.getByRole('button', { name: 'Undo carry-forward' }).click();
  await expect(confirm).toBeHidden();
  await expect(banner).toBeHidden();
  await expect(page.getByText('Worked example · version 1', { exact: false })).toBeVisible();
  await expect(notice).toContainText('Version 2 of Worked example is out.');
  await expect(questionRow(page, 'Q7')).toHaveCount(0);
  await questionRow(page, 'Q1').click();
  await expect(page.getByRole('heading', { level: 3, name: 'Is it done?' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Yes' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('textbox', { name: /Note/ })).toHaveValue('Checked on site');
});
