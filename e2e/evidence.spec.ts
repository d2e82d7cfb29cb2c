import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { BASE_URL, expect, signUpViaApi, test } from './fixtures';
import { publishWorkedExample } from './frameworks';

// Evidence (docs/evidence.md): an assessor attaches a screenshot by pasting it and a PDF by
// dropping it on an answer, downloads the PDF back, finds both in the client tenant's library;
// a respondent on a phone attaches a photo to their answer; the evidence pack of the
// assessment downloads and its manifest holds the SHA-256 of every file in it.

const origin = { origin: BASE_URL };

async function ok<T>(res: Promise<APIResponse>): Promise<T> {
  const r = await res;
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as T;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A minimal valid PDF (one empty page) with a correct cross-reference table. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** An image drawn on a canvas in the page, as the browser encodes it (PNG or JPEG). */
async function drawnImage(page: Page, type: 'image/png' | 'image/jpeg'): Promise<Buffer> {
  const dataUrl = await page.evaluate((t) => {
    const c = document.createElement('canvas');
    c.width = 96;
    c.height = 64;
    const g = c.getContext('2d')!;
    g.fillStyle = '#3b5bdb';
    g.fillRect(0, 0, 96, 64);
    g.fillStyle = '#fff';
    g.fillRect(12, 12, 40, 20);
    return c.toDataURL(t, 0.9);
  }, type);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** A client tenant with an assessment of the worked example. */
async function assessment(request: APIRequestContext) {
  const tenant = await ok<{ id: string }>(
    request.post('/api/v1/tenants', { data: { name: 'Northwind Evidence' }, headers: origin }),
  );
  const frameworkId = await publishWorkedExample(request);
  const a = await ok<{ id: string }>(
    request.post(`/api/v1/tenants/${tenant.id}/assessments`, {
      data: { frameworkId, version: 1, name: 'Audit 2026' },
      headers: origin,
    }),
  );
  return { tenantId: tenant.id, assessmentId: a.id };
}

test('an assessor attaches a pasted screenshot and a dropped PDF, and the pack proves them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  const { tenantId, assessmentId } = await assessment(page.request);

  await page.goto(`/tenant/${tenantId}/assessments/${assessmentId}?q=Q1`);
  await expect(page.getByRole('heading', { name: 'Is it done?' })).toBeVisible();
  const evidence = page.getByRole('region', { name: 'Evidence' });
  await expect(evidence.getByText('No evidence attached yet.')).toBeVisible();

  // A screenshot pasted while the question has the focus.
  const screenshot = await drawnImage(page, 'image/png');
  await page.getByRole('radio', { name: 'Yes' }).focus();
  await page.evaluate(
    (bytes) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], 'image.png', { type: 'image/png' }));
      const target = document.activeElement ?? document.body;
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }),
      );
    },
    [...screenshot],
  );
  const files = evidence.getByRole('list', { name: 'Evidence of Q1' });
  await expect(files.getByText(/^Screenshot \d{4}-\d{2}-\d{2} .+\.png$/)).toBeVisible();
  // Shown through the media pipeline's preview.
  await expect(files.getByRole('img', { name: /^Preview of Screenshot/ })).toBeVisible();

  // A PDF dropped on the answer's drop zone.
  const pdf = minimalPdf();
  const dataTransfer = await page.evaluateHandle(
    (bytes) => {
      const dt = new DataTransfer();
      dt.items.add(
        new File([new Uint8Array(bytes)], 'mfa-policy.pdf', { type: 'application/pdf' }),
      );
      return dt;
    },
    [...pdf],
  );
  const zone = page.getByRole('group', { name: 'Add evidence to Q1' });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(files.getByText('mfa-policy.pdf')).toBeVisible();
  await expect(evidence.getByText('2 of 10 files')).toBeVisible();

  // Downloaded back through a signed link: the same bytes.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: 'Download mfa-policy.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('mfa-policy.pdf');
  expect(sha256(fs.readFileSync((await download.path())!))).toBe(sha256(pdf));

  // Both are in the client tenant's library, attached to one answer each.
  await page.goto(`/tenant/${tenantId}/evidence`);
  const library = page.getByRole('list', { name: 'Evidence files' });
  await expect(library.getByText('mfa-policy.pdf')).toBeVisible();
  await expect(library.getByText(/^Screenshot .+\.png$/)).toBeVisible();
  await expect(library.getByText('Attached to 1 answer')).toHaveCount(2);

  // The evidence pack: a ZIP whose manifest holds the SHA-256 of every file in it.
  const packs = `/api/v1/tenants/${tenantId}`;
  const pack = await ok<{ id: string }>(
    page.request.post(`${packs}/assessments/${assessmentId}/evidence-packs`, {
      data: {},
      headers: origin,
    }),
  );
  await expect
    .poll(
      async () =>
        (await ok<{ status: string }>(page.request.get(`${packs}/evidence-packs/${pack.id}`)))
          .status,
      { timeout: 60_000 },
    )
    .toBe('done');
  const zip = await page.request.get(`${packs}/evidence-packs/${pack.id}/file`);
  expect(zip.ok(), await zip.text()).toBeTruthy();
  const entries = unzipSync(new Uint8Array(await zip.body()));
  const names = Object.keys(entries);
  const manifestName = names.find((n) => /manifest/i.test(n));
  expect(manifestName, names.join(', ')).toBeTruthy();
  const manifest = strFromU8(entries[manifestName!]!);
  const packed = names.filter((n) => n !== manifestName && !n.endsWith('/') && !/\.csv$/i.test(n));
  expect(packed.length, names.join(', ')).toBeGreaterThanOrEqual(2);
  for (const name of packed) expect(manifest, name).toContain(sha256(entries[name]!));
  expect(manifest).toContain(sha256(pdf));
  expect(manifest).toContain(sha256(screenshot));
  expect(names.some((n) => /\.csv$/i.test(n))).toBe(true);
});

test('a respondent on a phone attaches a photo to an answer', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signUpViaApi(page);
  const { tenantId, assessmentId } = await assessment(page.request);
  const { link } = await ok<{ link: string }>(
    page.request.post(`/api/v1/tenants/${tenantId}/assessments/${assessmentId}/respondents`, {
      data: { name: 'Pat Doe', email: 'pat@example.test', sendEmail: false },
      headers: origin,
    }),
  );

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await context.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: 'Audit 2026' })).toBeVisible();
  const q1 = phone.getByRole('group', { name: 'Files for question Q1' });
  const picker = q1.getByLabel('Attach a file or photo');
  // The picker offers the camera on a phone: images first.
  await expect(picker).toHaveAttribute('accept', /^image\/\*/);
  const photo = await drawnImage(phone, 'image/jpeg');
  await picker.setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(q1.getByText('IMG_0042.jpg')).toBeVisible();
  await expect(q1.getByRole('button', { name: 'Remove IMG_0042.jpg' })).toBeVisible();
  // Nothing wider than the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The assessor sees it on the answer.
  const map = await ok<{ answers: Record<string, { name: string; sha256: string }[]> }>(
    page.request.get(`/api/v1/tenants/${tenantId}/assessments/${assessmentId}/evidence`),
  );
  expect(map.answers.Q1?.map((f) => [f.name, f.sha256])).toEqual([['IMG_0042.jpg', sha256(photo)]]);

  // Offline, files wait for a connection (the answer itself is queued as always).
  await context.setOffline(true);
  await phone.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(q1.getByText(/Files need a connection/)).toBeVisible();
  await expect(q1.getByLabel('Attach a file or photo')).toHaveCount(0);
  await context.close();
});
