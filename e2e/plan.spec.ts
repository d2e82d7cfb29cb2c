import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIResponse } from '@playwright/test';
import { BASE_URL, expect, sharedSignIn, signUpViaApi, test, uniqueEmail } from './fixtures';
import { workedExampleDocument } from './frameworks';

// From answers to a plan a client pays for (issue 10's journey): an assessor completes a
// second assessment of a client tenant, reads the deltas against its baseline, creates tasks
// for every gap from the linked playbook (its steps become the checklist), a shared
// contributor of the client marks one done, and the PDF report downloads; its first page is
// rendered to PNG (pdftoppm) and its text read back (pdftotext), both from poppler-utils.

const origin = { origin: BASE_URL };
const HAS_POPPLER =
  spawnSync('pdftotext', ['-v']).status === 0 && spawnSync('pdftoppm', ['-v']).status === 0;

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

const WORKED = {
  Q1: { value: 'yes' },
  Q2: { value: 2 },
  Q3: { value: 'Reviewed by the board' },
  Q4: { value: 'low' },
  Q5: { na: true },
  Q6: { value: 15 },
};

test('baseline deltas, tasks from playbooks, a contributor closes one, and the PDF report', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUpViaApi(page, uniqueEmail('plan-owner'), 'Parker Lane');
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Tailspin Toys' }, headers: origin }),
  );

  // A published playbook, linked from Q2 ("How mature?") of the worked example.
  const key = `mfa-${Date.now()}`;
  const pb = await ok<{ id: string }>(
    page.request.post('/api/v1/content/playbooks', {
      data: { scope: 'private', key, title: 'Roll out MFA' },
      headers: origin,
    }),
  );
  await ok(
    page.request.put(`/api/v1/content/playbooks/${pb.id}`, {
      data: {
        title: 'Roll out MFA',
        priority: 'high',
        revision: 1,
        steps: [
          { title: 'List every account', body: 'Admins first.', effort: 'S', ownerRole: 'IT' },
          { title: 'Enforce MFA', body: '', effort: 'M', ownerRole: 'IT' },
        ],
      },
      headers: origin,
    }),
  );
  await ok(
    page.request.post(`/api/v1/content/playbooks/${pb.id}/publish`, {
      data: { revision: 2 },
      headers: origin,
    }),
  );
  const doc = workedExampleDocument(`plan-${Date.now()}`);
  (doc.sections[0]!.questions[1] as { playbooks?: string[] }).playbooks = [key];
  const fw = await ok<{ id: string; draftRevision: number }>(
    page.request.post('/api/v1/content/frameworks/import', {
      data: { scope: 'private', document: doc },
      headers: origin,
    }),
  );
  await ok(
    page.request.post(`/api/v1/content/frameworks/${fw.id}/publish`, {
      data: { revision: fw.draftRevision, releaseNotes: 'v1' },
      headers: origin,
    }),
  );

  // The first assessment, completed and marked as the baseline.
  const base = `/api/v1/tenants/${tenant.id}/assessments`;
  const answer = async (id: string, answers: Record<string, unknown>) => {
    for (const [q, body] of Object.entries(answers)) {
      await ok(page.request.put(`${base}/${id}/answers/${q}`, { data: body, headers: origin }));
    }
  };
  const first = await ok<{ id: string }>(
    page.request.post(base, {
      data: { frameworkId: fw.id, version: 1, name: 'Initial review' },
      headers: origin,
    }),
  );
  await answer(first.id, WORKED);
  await ok(page.request.post(`${base}/${first.id}/complete`, { data: {}, headers: origin }));
  await ok(
    page.request.put(`/api/v1/tenants/${tenant.id}/baseline`, {
      data: { assessmentId: first.id },
      headers: origin,
    }),
  );

  // The second: Q1 slips, Q4 reaches high, Q2 stays at level 2 (still a gap). The assessor
  // completes it on its screen.
  const second = await ok<{ id: string }>(
    page.request.post(base, {
      data: { frameworkId: fw.id, version: 1, name: 'Follow-up review' },
      headers: origin,
    }),
  );
  await answer(second.id, { ...WORKED, Q1: { value: 'partial' }, Q4: { value: 'high' } });
  await page.goto(`/tenant/${tenant.id}/assessments/${second.id}`);
  await expect(page.getByRole('heading', { name: 'Follow-up review' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Complete' }).click();
  await page
    .getByRole('dialog', { name: 'Complete this assessment?' })
    .getByRole('button', { name: 'Complete and lock answers' })
    .click();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();

  // The deltas against the baseline: 49 % then, (2 × 0.425 + 0.75) / 3 ≈ 53 % now.
  await page.goto(`/tenant/${tenant.id}/baseline`);
  await expect(page.getByRole('group', { name: 'Baseline score' })).toContainText('49 %');
  await expect(page.getByRole('group', { name: 'Latest score' })).toContainText('53 %');
  await expect(page.getByRole('group', { name: 'Change' })).toContainText('+4');

  // Tasks for every gap of the follow-up, from its screen.
  await page.goto(`/tenant/${tenant.id}/assessments/${second.id}`);
  await page.getByRole('button', { name: 'Create tasks for gaps' }).click();
  const gaps = page.getByRole('dialog', { name: 'Create tasks for gaps' });
  await gaps.getByRole('button', { name: 'Create tasks' }).click();
  await expect(page.getByText(/tasks? created/).first()).toBeVisible();

  // Q2's task is titled with the fix (the playbook's title) and carries its steps as checklist.
  const list = await ok<{ items: { id: string; source: { questionKey: string } | null }[] }>(
    page.request.get(`/api/v1/tenants/${tenant.id}/tasks`),
  );
  const q2 = list.items.find((t) => t.source?.questionKey === 'Q2')!;
  expect(q2).toBeDefined();
  await page.goto(`/tenant/${tenant.id}/remediation?task=${q2.id}`);
  const drawer = page.getByRole('dialog', { name: 'Roll out MFA' });
  await expect(drawer.getByRole('checkbox', { name: 'List every account' })).toBeVisible();
  await expect(drawer.getByRole('checkbox', { name: 'Enforce MFA' })).toBeVisible();
  await expect(drawer.getByText(/How mature\?/).first()).toBeVisible();

  // The client's contact, a shared contributor, signs in with a code and marks it done.
  const contact = uniqueEmail('plan-contributor');
  await ok(
    page.request.post(`/api/v1/tenants/${tenant.id}/shares`, {
      data: { email: contact, role: 'contributor' },
      headers: origin,
    }),
  );
  const guest = await sharedSignIn(browser, tenant.id, contact);
  await guest.goto(`/tenant/${tenant.id}/remediation?task=${q2.id}`);
  const theirs = guest.getByRole('dialog', { name: 'Roll out MFA' });
  await expect(theirs).toBeVisible();
  await theirs.getByLabel('Status', { exact: true }).click();
  await guest.getByRole('option', { name: 'Done', exact: true }).click();
  await expect
    .poll(
      async () =>
        (
          await ok<{ status: string }>(
            page.request.get(`/api/v1/tenants/${tenant.id}/tasks/${q2.id}`),
          )
        ).status,
    )
    .toBe('done');
  await guest.context().close();

  // The baseline view shows it fixed, waiting for a new assessment to confirm it.
  await page.goto(`/tenant/${tenant.id}/baseline/A`);
  await expect(page.getByText('Fixed — awaiting confirmation').first()).toBeVisible();

  // The PDF report of the follow-up.
  await page.goto(`/tenant/${tenant.id}/assessments/${second.id}`);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'PDF report' }).click(),
  ]);
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  test.skip(!HAS_POPPLER, 'poppler-utils (pdftoppm, pdftotext) is not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenantry-plan-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    const png = spawnSync('pdftoppm', [
      '-png',
      '-r',
      '50',
      '-f',
      '1',
      '-l',
      '1',
      file,
      path.join(dir, 'page'),
    ]);
    expect(png.status, png.stderr.toString()).toBe(0);
    const pages = fs.readdirSync(dir).filter((f) => f.endsWith('.png'));
    expect(pages).toHaveLength(1);
    const image = fs.readFileSync(path.join(dir, pages[0]!));
    expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(image.length).toBeGreaterThan(2_000);
    const text = spawnSync('pdftotext', ['-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-']);
    expect(text.status, text.stderr.toString()).toBe(0);
    expect(text.stdout.toString('utf8')).toContain('Tailspin Toys');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
