import type { APIResponse } from '@playwright/test';
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

// The service console's tenants drill-down (docs/service-console.md, "Service console: tenants
// drill-down"): a system admin finds an account by its owner's e-mail, opens one of its client
// tenants and an assessment of it, read-only, under the banner that says so; the views are
// audited once.

const SHOTS = '.tmp/service-tenants-screens';
const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

test('a system admin finds an account by its owner’s e-mail and opens a client tenant’s assessment read-only', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // The customer: a client tenant with a completed assessment (its baseline) and a task.
  const customer = await (await browser.newContext()).newPage();
  const email = uniqueEmail('drill-owner');
  await signUpViaApi(customer, email, 'Dana Drill');
  const { request } = customer;
  const tenant = await ok<{ id: string }>(
    request.post('/api/v1/tenants', {
      data: { name: 'Contoso Drill', industry: 'Finance', notes: 'Yearly review in May.' },
      headers: origin,
    }),
  );
  const frameworkId = await publishWorkedExample(request);
  const base = `/api/v1/tenants/${tenant.id}/assessments`;
  const assessment = await ok<{ id: string }>(
    request.post(base, {
      data: { frameworkId, version: 1, name: 'Spring review' },
      headers: origin,
    }),
  );
  const answers: Record<string, unknown> = {
    Q1: { value: 'yes', note: 'Confirmed with the IT lead' },
    Q2: { value: 2 },
    Q3: { value: 'Reviewed by the board' },
    Q4: { value: 'low' },
    Q5: { na: true },
    Q6: { value: 15 },
  };
  for (const [key, body] of Object.entries(answers)) {
    await ok(
      request.put(`${base}/${assessment.id}/answers/${key}`, { data: body, headers: origin }),
    );
  }
  await ok(request.post(`${base}/${assessment.id}/complete`, { data: {}, headers: origin }));
  await ok(
    request.put(`/api/v1/tenants/${tenant.id}/baseline`, {
      data: { assessmentId: assessment.id },
      headers: origin,
    }),
  );
  // A second assessment, under way: compared with the baseline.
  const second = await ok<{ id: string }>(
    request.post(base, {
      data: { frameworkId, version: 1, name: 'Autumn review' },
      headers: origin,
    }),
  );
  await ok(
    request.put(`${base}/${second.id}/answers/Q1`, { data: { value: 'no' }, headers: origin }),
  );
  await ok(
    request.post(`/api/v1/tenants/${tenant.id}/tasks`, {
      data: { title: 'Patch the file server' },
      headers: origin,
    }),
  );

  // The system admin finds the account by its owner's e-mail.
  const staff = await (await browser.newContext()).newPage();
  await signInViaApi(staff, ADMIN_EMAIL);
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.goto('/service/accounts');
  const search = staff.getByRole('searchbox', { name: 'Search' });
  await expect(search).toBeVisible({ timeout: 30_000 });
  await search.fill(email);
  const row = staff
    .getByRole('table', { name: 'Accounts' })
    .getByRole('row')
    .filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').first().click();
  const tenantsCard = staff.getByRole('region', { name: 'Client tenants' });
  await tenantsCard.getByRole('link', { name: 'All client tenants' }).click();

  // The account's client tenants, read-only.
  await expect(staff).toHaveURL(/\/service\/tenants\/[^/?]+$/);
  const banner = staff.getByTestId('drill-read-only-banner');
  await expect(banner).toContainText('Viewing as system admin — read-only');
  const list = staff.getByRole('table', { name: 'Client tenants' });
  await expect(list.getByRole('row')).toHaveCount(2); // the header and the one tenant
  await staff.screenshot({ path: `${SHOTS}/list-1280.png`, fullPage: true });
  await list.getByRole('link', { name: 'Contoso Drill' }).click();

  // The tenant's overview: the baseline, the newest assessment, the open task, its notes.
  await expect(staff.getByRole('heading', { name: 'Contoso Drill', level: 2 })).toBeVisible();
  await expect(banner).toBeVisible();
  await expect(staff.getByText('Yearly review in May.')).toBeVisible();
  await expect(staff.getByRole('table', { name: 'Tasks' })).toContainText('Patch the file server');
  await expect(staff.getByRole('group', { name: 'Baseline' })).toContainText('Spring review');
  await staff.screenshot({ path: `${SHOTS}/overview-1280.png`, fullPage: true });
  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.screenshot({ path: `${SHOTS}/overview-375.png`, fullPage: true });
  await staff.setViewportSize({ width: 1280, height: 900 });

  // The assessments tab, then the assessment: its questions by section with the answers.
  await staff.getByRole('tab', { name: 'Assessments' }).click();
  await expect(staff).toHaveURL(/\/assessments$/);
  await staff
    .getByRole('table', { name: 'Assessments' })
    .getByRole('link', { name: 'Spring review' })
    .click();
  await expect(staff).toHaveURL(new RegExp(`/${assessment.id}$`));
  const sectionA = staff.getByRole('region', { name: 'Section A' });
  await expect(sectionA).toContainText('Is it done?');
  await expect(sectionA).toContainText('Note: Confirmed with the IT lead');
  await expect(sectionA).toContainText('Reviewed by the board');
  await expect(staff.getByRole('region', { name: 'Section B' })).toContainText('Not applicable');
  await expect(staff.getByRole('group', { name: 'Score' })).toContainText('49');
  await expect(banner).toBeVisible();
  // Nothing to change: no answer inputs, no status moves, no baseline or task actions.
  await expect(staff.getByRole('textbox')).toHaveCount(0);
  for (const name of ['Reopen', 'Delete…', 'Create tasks for gaps', 'Mark as baseline']) {
    await expect(staff.getByRole('button', { name })).toHaveCount(0);
  }
  await staff.screenshot({ path: `${SHOTS}/assessment-1280.png`, fullPage: true });
  await staff.setViewportSize({ width: 375, height: 800 });
  await expect(sectionA).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/assessment-375.png`, fullPage: true });
  await staff.setViewportSize({ width: 1280, height: 900 });

  // The baseline and the remediation tabs, and the task, read-only too.
  await staff.getByRole('tab', { name: 'Baseline' }).click();
  await expect(staff.getByRole('group', { name: 'Baseline', exact: true })).toContainText(
    'Spring review',
  );
  const sections = staff.getByRole('table', { name: 'Sections compared with the baseline' });
  await expect(sections).toContainText('Section A');
  await expect(staff.getByRole('button', { name: /Change baseline|Clear baseline/ })).toHaveCount(
    0,
  );
  await staff.screenshot({ path: `${SHOTS}/baseline-1280.png`, fullPage: true });
  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.screenshot({ path: `${SHOTS}/baseline-375.png`, fullPage: true });
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.getByRole('tab', { name: 'Remediation' }).click();
  await expect(staff.getByRole('list', { name: 'Tasks by status' })).toBeVisible();
  await staff.screenshot({ path: `${SHOTS}/remediation-1280.png`, fullPage: true });
  await staff
    .getByRole('table', { name: 'Tasks' })
    .getByRole('link', { name: 'Patch the file server' })
    .click();
  await expect(staff.getByRole('heading', { name: 'Patch the file server' })).toBeVisible();
  await expect(staff.getByText('No comments yet.')).toBeVisible();
  await expect(staff.getByRole('textbox')).toHaveCount(0);
  await staff.screenshot({ path: `${SHOTS}/task-1280.png`, fullPage: true });

  // Every view was audited, as one entry for this admin and tenant.
  const audit = await ok<{ entries: { targetId: string | null; actorEmail: string | null }[] }>(
    staff.request.get('/api/v1/service/audit?action=service.tenant_viewed&limit=100'),
  );
  const mine = audit.entries.filter((e) => e.targetId === tenant.id);
  expect(mine).toHaveLength(1);
  expect(mine[0]!.actorEmail).toBe(ADMIN_EMAIL);
});
