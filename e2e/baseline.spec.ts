import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, APIResponse, Locator } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';
import { publishWorkedExample } from './frameworks';

// The baseline of a client tenant (docs/baseline.md): an assessor marks a completed assessment
// as the baseline from its screen, completes a second one, and reads the comparison on the
// baseline tab — overall, per section, and the questions of a section — then downloads the
// answers as a CSV file.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

/** A completed assessment of the worked example with these answers (through the API). */
async function completed(
  request: APIRequestContext,
  tenantId: string,
  frameworkId: string,
  name: string,
  answers: Record<string, unknown>,
): Promise<string> {
  const base = `/api/v1/tenants/${tenantId}/assessments`;
  const a = await ok<{ id: string }>(
    request.post(base, { data: { frameworkId, version: 1, name }, headers: origin }),
  );
  for (const [key, body] of Object.entries(answers)) {
    await ok(request.put(`${base}/${a.id}/answers/${key}`, { data: body, headers: origin }));
  }
  await ok(request.post(`${base}/${a.id}/complete`, { data: {}, headers: origin }));
  return a.id;
}

/** How many lines the children of `group` take (by their vertical centres). */
async function linesOf(group: Locator): Promise<number> {
  return group.evaluate(
    (el) =>
      new Set(
        Array.from(el.children, (c) => {
          const r = c.getBoundingClientRect();
          return Math.round(r.top + r.height / 2);
        }),
      ).size,
  );
}

const WORKED = {
  Q1: { value: 'yes' },
  Q2: { value: 2 },
  Q3: { value: 'Reviewed by the board' },
  Q4: { value: 'low' },
  Q5: { na: true },
  Q6: { value: 15 },
};

test('an assessor marks a baseline, completes a second assessment and reads the deltas', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Contoso' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(page.request);
  const first = await completed(page.request, tenant.id, frameworkId, 'Initial review', WORKED);

  // Before any baseline, the tab says what one is.
  await page.goto(`/tenant/${tenant.id}/baseline`);
  await expect(page.getByRole('heading', { name: 'No baseline yet' })).toBeVisible();

  // Marked from the assessment's own screen. Its header has the most actions now (completed,
  // with gaps, not the baseline yet): on one line at 1280 px, the answers as CSV being in
  // "More actions" (issue 21). Screenshots for a person to look at (SHOTS_DIR, or the test's
  // output folder).
  const shot = (name: string) =>
    process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/tenant/${tenant.id}/assessments/${first}`);
  const actions = page.getByRole('group', { name: 'Assessment actions' });
  for (const name of ['Create tasks for gaps', 'PDF report', 'Mark as baseline', 'Reopen']) {
    await expect(actions.getByRole('button', { name }), name).toBeVisible();
  }
  await expect(actions.getByRole('button', { name: 'Edit details' })).toBeVisible();
  await page.screenshot({ path: shot('assessment-header-completed-1280.png') });
  expect(await linesOf(actions)).toBe(1);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(actions.getByRole('button', { name: 'More actions' })).toBeInViewport();
  await page.screenshot({ path: shot('assessment-header-completed-375.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Mark as baseline' }).click();
  await expect(page.getByText(/is now the baseline/i).first()).toBeVisible();

  // The answers download as a CSV file from the same screen.
  await actions.getByRole('button', { name: 'More actions' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download answers (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Initial-review-answers.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('A,Section A,Q1,Is it done?,Yes / partial / no,Yes,no,100,no');

  // A follow-up: Q1 slips to partial, Q2 reaches level 5, Q4 becomes high.
  await completed(page.request, tenant.id, frameworkId, 'Follow-up', {
    ...WORKED,
    Q1: { value: 'partial' },
    Q2: { value: 5 },
    Q4: { value: 'high' },
  });

  await page.goto(`/tenant/${tenant.id}/baseline`);
  // SCORING.md: 49 % at the baseline; (2×0.875 + 0.75)/3 = 83 % now.
  await expect(page.getByRole('group', { name: 'Baseline score' })).toContainText('49 %');
  await expect(page.getByRole('group', { name: 'Latest score' })).toContainText('83 %');
  await expect(page.getByRole('group', { name: 'Change' })).toContainText('+34');
  const sections = page.getByRole('table', { name: 'Sections compared with the baseline' });
  await expect(sections.getByRole('row', { name: /Section A/ })).toContainText('55 %');
  await expect(sections.getByRole('row', { name: /Section A/ })).toContainText('88 %');

  // Into section A: Q1 regressed, Q2 improved.
  await sections.getByRole('link', { name: 'Section A' }).click();
  await expect(page).toHaveURL(new RegExp(`/tenant/${tenant.id}/baseline/A`));
  const questions = page.getByRole('table', { name: 'Questions of Section A' });
  await expect(questions.getByRole('row', { name: /Q1/ })).toContainText('Regressed');
  await expect(questions.getByRole('row', { name: /Q2/ })).toContainText('Improved');
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'All sections' })
    .click();
  await expect(sections).toBeVisible();

  // The dashboard at home sums it up: one tenant assessed at 83 %, its gaps listed.
  await page.goto('/');
  await expect(page.getByText('Average score by month')).toBeVisible();
  await expect(page.getByText('83 %').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contoso' }).first()).toHaveAttribute(
    'href',
    `/tenant/${tenant.id}/baseline`,
  );
});
