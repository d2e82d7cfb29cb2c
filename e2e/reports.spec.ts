import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { APIResponse } from '@playwright/test';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';
import { publishWorkedExample } from './frameworks';

// A PDF report of an assessment (docs/reports.md): the assessor completes the worked example,
// asks for its PDF report on the assessment's screen, sees it render, and gets the file. Its
// text is read back with pdftotext (poppler-utils) when the machine has it (.ci/run installs it).

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

const WORKED = {
  Q1: { value: 'yes' },
  Q2: { value: 2 },
  Q3: { value: 'Reviewed by the board', note: 'Minutes of the March board meeting.' },
  Q4: { value: 'low' },
  Q5: { na: true },
  Q6: { value: 15 },
};

const HAS_PDFTOTEXT = spawnSync('pdftotext', ['-v']).status === 0;

test('an assessor downloads the PDF report of a completed assessment', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  const tenant = await ok<{ id: string }>(
    page.request.post('/api/v1/tenants', { data: { name: 'Fabrikam Reports' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(page.request);
  const base = `/api/v1/tenants/${tenant.id}/assessments`;
  const a = await ok<{ id: string }>(
    page.request.post(base, {
      data: { frameworkId, version: 1, name: 'Annual review' },
      headers: origin,
    }),
  );
  for (const [key, body] of Object.entries(WORKED)) {
    await ok(page.request.put(`${base}/${a.id}/answers/${key}`, { data: body, headers: origin }));
  }
  await ok(page.request.post(`${base}/${a.id}/complete`, { data: {}, headers: origin }));

  await page.goto(`/tenant/${tenant.id}/assessments/${a.id}`);
  await expect(page.getByRole('heading', { name: 'Annual review' })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: 'PDF report' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Annual-review-report.pdf');
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText('The PDF report is ready: Annual-review-report.pdf')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download again' })).toHaveAttribute(
    'href',
    /\/api\/v1\/tenants\/.+\/reports\/.+\/file$/,
  );

  if (HAS_PDFTOTEXT) {
    const out = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
    expect(out.status, out.stderr.toString()).toBe(0);
    const text = out.stdout.toString('utf8').replace(/\s+/g, ' ');
    expect(text).toContain('Fabrikam Reports');
    expect(text).toContain('Annual review');
    // SCORING.md's worked example: 49 % overall, every question answered.
    expect(text).toContain('The overall score is 49 %, with 6 of 6 questions answered');
    expect(text).toContain('Note: Minutes of the March board meeting.');
  }
});
