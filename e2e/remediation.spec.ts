import fs from 'node:fs';
import type { APIResponse } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';
import { publishWorkedExample } from './frameworks';

// Remediation (docs/remediation.md): an assessor turns a completed assessment's gaps into tasks
// from its screen, works them on the tenant's remediation tab — a task written by hand with a
// checklist ticked item by item, a comment, moved to done on its drawer; two tasks moved to in
// progress at once from the list, a risk accepted with its reason and review date — filters
// the overdue ones and downloads them all as a CSV file.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

test('an assessor creates tasks for an assessment’s gaps and works them on the remediation tab', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Northwind' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(page.request);

  // The worked example, answered below its targets (section B gets one too) and completed.
  const base = `/api/v1/tenants/${tenant.id}/assessments`;
  const assessment = await ok<{ id: string }>(
    page.request.post(base, {
      data: { frameworkId, version: 1, name: 'Spring review', targets: { B: 0.9 } },
      headers: origin,
    }),
  );
  const answers = {
    Q1: { value: 'no' },
    Q2: { value: 1 },
    Q3: { value: 'Nothing written down' },
    Q4: { value: 'low' },
    Q5: { na: true },
    Q6: { value: 5 },
  };
  for (const [key, body] of Object.entries(answers)) {
    await ok(
      page.request.put(`${base}/${assessment.id}/answers/${key}`, { data: body, headers: origin }),
    );
  }
  const done = await ok<{ progress: { gaps: string[] } }>(
    page.request.post(`${base}/${assessment.id}/complete`, { data: {}, headers: origin }),
  );
  expect(done.progress.gaps).toEqual(['Q1', 'Q2', 'Q4', 'Q6']);

  // Before any task, the tab says where they come from.
  await page.goto(`/tenant/${tenant.id}/remediation`);
  await expect(page.getByRole('heading', { name: 'No remediation tasks yet' })).toBeVisible();
  await expect(page.getByText(/Create tasks for gaps/)).toBeVisible();

  // From the assessment's screen: a task per gap, all due long ago.
  await page.goto(`/tenant/${tenant.id}/assessments/${assessment.id}`);
  await page.getByRole('button', { name: 'Create tasks for gaps' }).click();
  const gaps = page.getByRole('dialog', { name: 'Create tasks for gaps' });
  await expect(gaps.getByText(/Each of the 4 gap questions/)).toBeVisible();
  await gaps.getByLabel('Due date').fill('2020-01-31');
  await gaps.getByRole('button', { name: 'Create tasks' }).click();
  await expect(page.getByText('4 tasks created')).toBeVisible();
  await page.getByRole('link', { name: 'Open remediation tasks' }).click();
  await expect(page).toHaveURL(new RegExp(`/tenant/${tenant.id}/remediation$`));

  // On the board: the four in "To do", overdue.
  const todo = page.getByRole('region', { name: 'To do' });
  await expect(todo.getByRole('listitem')).toHaveCount(4);
  // Without a linked playbook, a task is the question put as a task (docs/remediation.md).
  await expect(todo.getByRole('link', { name: 'Close the gap: How mature?' })).toBeVisible();
  await expect(todo.getByText(/Overdue · due/).first()).toBeVisible();
  const counts = page.getByRole('list', { name: 'Tasks by status' });
  await expect(counts.getByRole('button', { name: /^Overdue/ })).toHaveText(/Overdue\s*4/);

  // The worked example links no playbook: a task by hand, with checklist lines.
  await page.getByRole('button', { name: 'New task' }).click();
  const form = page.getByRole('dialog', { name: 'New task' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Write the patch policy');
  await form.getByRole('textbox', { name: 'Checklist' }).fill('Draft it\nHave it signed');
  await form.getByRole('button', { name: 'Create task' }).click();

  // It opens in the drawer, linkable by its URL.
  const drawer = page.getByRole('dialog', { name: 'Write the patch policy' });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/\?task=[^&]+$/);
  await drawer.getByRole('checkbox', { name: 'Draft it' }).click();
  await expect(drawer.getByRole('checkbox', { name: 'Draft it' })).toBeChecked();
  await expect(drawer.getByText('1 of 2 done')).toBeVisible();
  await drawer.getByRole('textbox', { name: /Add a comment/ }).fill('Drafted; **review** next.');
  await drawer.getByRole('button', { name: 'Comment' }).click();
  await expect(drawer.locator('strong', { hasText: 'review' })).toBeVisible();
  await drawer.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Done', exact: true }).click();
  await expect(drawer.getByText('Done', { exact: true }).first()).toBeVisible();
  // The tick and the comment were saved: the task read again says so.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Write the patch policy' })).toBeVisible();
  await expect(page.getByText('1 of 2 done')).toBeVisible();
  await expect(page.getByText('Drafted;')).toBeVisible();
  await page.getByRole('button', { name: 'Close the task' }).click();
  await expect(
    page
      .getByRole('region', { name: 'Done' })
      .getByRole('link', { name: 'Write the patch policy' }),
  ).toBeVisible();

  // The list (kept in the URL): two tasks to in progress at once.
  await page.getByText('List', { exact: true }).click();
  await expect(page).toHaveURL(/view=list/);
  const table = page.getByRole('table', { name: 'Tasks' });
  await table.getByRole('checkbox', { name: 'Select “Close the gap: Is it done?”' }).check();
  await table.getByRole('checkbox', { name: 'Select “Close the gap: How mature?”' }).check();
  const selected = page.getByRole('region', { name: 'Selected tasks' });
  await expect(selected.getByText('2 tasks selected')).toBeVisible();
  await selected.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: 'In progress' }).click();
  await expect(page.getByText('2 tasks moved to In progress.')).toBeVisible();
  await expect(table.getByRole('row', { name: /Is it done\?/ })).toContainText('In progress');
  await expect(table.getByRole('row', { name: /How mature\?/ })).toContainText('In progress');

  // A risk accepted: its reason and review date first.
  await table.getByRole('checkbox', { name: 'Select “Close the gap: Which one?”' }).check();
  await page.getByRole('button', { name: 'Change status' }).click();
  await page.getByRole('menuitem', { name: 'Risk accepted…' }).click();
  const risk = page.getByRole('dialog', { name: 'Accept the risk' });
  await risk.getByRole('button', { name: 'Accept the risk' }).click();
  await expect(risk.getByText('Say why the risk is accepted.')).toBeVisible();
  await risk
    .getByRole('textbox', { name: /Why is the risk accepted/ })
    .fill('The system is retired in June.');
  await risk.getByLabel(/Review again on/).fill('2027-06-30');
  await risk.getByRole('button', { name: 'Accept the risk' }).click();
  await expect(page.getByText('Risk accepted for 1 task.')).toBeVisible();
  await expect(risk).toBeHidden();
  await expect(table.getByRole('row', { name: /Which one\?/ })).toContainText('Risk accepted');

  // Overdue only: the three still open.
  // (The switch follows the URL: its state changes once the URL has.)
  await page.getByRole('switch', { name: 'Overdue only' }).click();
  await expect(page).toHaveURL(/overdue=true/);
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row', { name: /How many\?/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /Which one\?/ })).toHaveCount(0);
  await expect(table.getByRole('row', { name: /Write the patch policy/ })).toHaveCount(0);

  // Every task as a CSV file.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download tasks (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Northwind.*\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('Write the patch policy,Done');
  expect(csv).toContain('The system is retired in June.');
  expect(csv.trim().split(/\r?\n/)).toHaveLength(6);
});
