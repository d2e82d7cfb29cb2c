import path from 'node:path';
import type { APIResponse, Page } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';

// One question across all clients (docs/across-clients.md) and an assessment's results
// (docs/assessments.md, "Results"): an owner with three clients assessed on the shipped MSP
// hygiene check opens "How do my clients answer this?" from the MFA question of one
// assessment, sees the answers grouped, creates tasks for the failing clients in one step
// (and again: nothing twice), then reads that assessment's results, its gaps by weight.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

/** A client tenant assessed on the MSP hygiene check with these answers: its ids. */
async function assessedClient(
  page: Page,
  frameworkId: string,
  name: string,
  answers: Record<string, unknown>,
) {
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name }, headers: origin }),
  );
  const base = `/api/v1/tenants/${tenant.id}/assessments`;
  const a = await ok<{ id: string }>(
    page.request.post(base, {
      data: { frameworkId, version: 1, name: 'Quarterly hygiene check' },
      headers: origin,
    }),
  );
  for (const [key, value] of Object.entries(answers)) {
    await ok(
      page.request.put(`${base}/${a.id}/answers/${key}`, { data: { value }, headers: origin }),
    );
  }
  return { tenantId: tenant.id, assessmentId: a.id };
}

test('an owner sees how every client answers the MFA question, tasks the failing ones, and reads the results', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // Screenshots for a person to look at (SHOTS_DIR, or the test's output folder).
  const shots = async (name: string) => {
    const file = (w: number) =>
      process.env.SHOTS_DIR
        ? path.join(process.env.SHOTS_DIR, `${name}-${w}.png`)
        : testInfo.outputPath(`${name}-${w}.png`);
    await page.screenshot({ path: file(1280), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: file(375), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
  };
  await signUpViaApi(page);
  const library = await ok<{ items: { id: string; key: string }[] }>(
    page.request.get('/api/v1/library/frameworks?limit=100'),
  );
  const msp = library.items.find((f) => f.key === 'msp-essentials');
  expect(msp).toBeDefined();
  const northwind = await assessedClient(page, msp!.id, 'Northwind', {
    'mfa-email': 'no',
    'admin-separate': 'no',
    'access-review': 2,
  });
  await assessedClient(page, msp!.id, 'Contoso', { 'mfa-email': 'no' });
  await assessedClient(page, msp!.id, 'Fabrikam', { 'mfa-email': 'yes' });

  // From the MFA question of Northwind's assessment.
  await page.goto(`/tenant/${northwind.tenantId}/assessments/${northwind.assessmentId}`);
  await expect(page.getByText(/Is MFA enforced for all email/).first()).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: 'How do my clients answer this?' }).click();
  await expect(page).toHaveURL(new RegExp(`/questions/${msp!.id}/mfa-email$`));
  await expect(page.getByRole('heading', { name: 'How do my clients answer this?' })).toBeVisible();
  await expect(page.getByText('3 of 3 clients answered · 2 failing')).toBeVisible();
  const no = page.getByRole('region', { name: 'No' });
  await expect(no.getByRole('listitem')).toHaveCount(2);
  await expect(no.getByRole('link', { name: 'Contoso' })).toBeVisible();
  await expect(no.getByRole('link', { name: 'Northwind' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Yes' }).getByRole('link', { name: 'Fabrikam' }),
  ).toBeVisible();

  // One step: a task for each failing client.
  await page.getByRole('button', { name: 'Create tasks for all that fail (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create tasks for all that fail' });
  await dialog.getByRole('button', { name: 'Create 2 tasks' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Created 2 tasks' })).toBeVisible();
  await expect(no.getByText('Task open')).toHaveCount(2);
  // Nothing left to create: the button is gone, and the API creates nothing twice.
  await expect(page.getByRole('button', { name: /Create tasks for all that fail/ })).toHaveCount(0);
  await shots('across-clients');
  const again = await page.request.post(`/api/v1/questions/${msp!.id}/mfa-email/tasks`, {
    data: {},
    headers: origin,
  });
  expect(((await again.json()) as { created: number }).created).toBe(0);

  // Northwind's results: the gaps, heaviest first, with their tasks.
  await page.goto(`/tenant/${northwind.tenantId}/assessments/${northwind.assessmentId}`);
  await page.getByRole('link', { name: 'Results' }).click();
  await expect(
    page.getByRole('heading', { name: /Results: Quarterly hygiene check/ }),
  ).toBeVisible();
  const gaps = page.getByRole('table', { name: 'Gaps by weight' });
  await expect(gaps.getByText(/Is MFA enforced for all email/)).toBeVisible();
  await expect(gaps.getByText(/Do administrators use separate/)).toBeVisible();
  await expect(gaps.getByText('To do')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Section scores' })).toContainText(
    'Identity & Access',
  );
  await expect(page.getByText('No baseline is marked for this client tenant yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Answers (CSV)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'PDF report' })).toBeVisible();
  await shots('results');
});
