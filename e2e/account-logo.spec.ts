import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test, uniqueEmail } from './fixtures';

/**
 * An 800 × 600 PNG drawn in the page: two halves (blue, orange) and a red square in the
 * middle, so that a crop is a real part of a larger picture.
 */
async function makePng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#1c7ed6';
    ctx.fillRect(0, 0, 400, 600);
    ctx.fillStyle = '#fd7e14';
    ctx.fillRect(400, 0, 400, 600);
    ctx.fillStyle = '#e03131';
    ctx.fillRect(300, 200, 200, 200);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/**
 * Keeps each logo upload's body in the page (Playwright does not report a Blob body), so the
 * test can read what the browser sent: its type, size and pixels.
 */
async function recordUploads(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __logoBodies: Blob[] };
    w.__logoBodies = [];
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input).endsWith('/api/v1/account/logo') && init?.body instanceof Blob) {
        w.__logoBodies.push(init.body);
      }
      return original(input, init);
    };
  });
}

/** The last uploaded body: its type, bytes and size in pixels. */
function lastUpload(page: Page) {
  return page.evaluate(async () => {
    const bodies = (window as unknown as { __logoBodies: Blob[] }).__logoBodies;
    const body = bodies[bodies.length - 1]!;
    const bitmap = await createImageBitmap(body);
    const head = new Uint8Array(await body.slice(0, 12).arrayBuffer());
    return {
      count: bodies.length,
      type: body.type,
      bytes: body.size,
      magic: String.fromCharCode(...head.slice(0, 4), ...head.slice(8, 12)),
      width: bitmap.width,
      height: bitmap.height,
    };
  });
}

/** Clicks the button and picks `file` in the browser's file chooser, as a person would. */
async function pickFile(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
}

test('an owner crops a picture into the account logo; the header and General show it', async ({
  page,
}) => {
  await signUpViaApi(page, uniqueEmail('logo'), 'Robin Park');
  await recordUploads(page);
  const cropperLoads: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/ImageCropper-[^/]+\.js$/.test(r.url())) cropperLoads.push(r.url());
  });
  await page.goto('/admin/general');
  const logo = page.getByRole('region', { name: 'Logo' });
  await expect(logo.getByLabel('No logo yet')).toBeVisible();
  await expect(page.getByTestId('header-account-logo')).toHaveCount(0);
  // The cropper is not part of the page until a file is picked.
  expect(cropperLoads).toEqual([]);

  // A file that is not an image is refused before any cropping.
  await pickFile(page, 'Choose an image', {
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a picture'),
  });
  await expect(logo.getByRole('alert')).toHaveText(
    'The file is not a PNG, JPEG or WebP image. Choose one of those.',
  );

  // A picture: the cropper (its own chunk) opens with the square over its middle.
  const png = await makePng(page);
  await pickFile(page, 'Choose an image', {
    name: 'northwind.png',
    mimeType: 'image/png',
    buffer: png,
  });
  const cropper = logo.getByRole('group', { name: 'Crop the new logo' });
  const area = cropper.getByRole('application', { name: 'Crop area' });
  await expect(area).toBeVisible();
  expect(cropperLoads).toHaveLength(1);
  await expect(logo.getByRole('alert')).toHaveCount(0);

  // Saved as is: the 600 × 600 square is uploaded within the 512 × 512 logo box.
  await cropper.getByRole('button', { name: 'Save logo' }).click();
  await expect(logo.getByRole('status')).toHaveText('Logo updated.');
  expect(await lastUpload(page)).toEqual({
    count: 1,
    type: 'image/webp',
    bytes: expect.any(Number),
    magic: 'RIFFWEBP',
    width: 512,
    height: 512,
  });
  await expect(cropper).toHaveCount(0);
  const shown = logo.getByRole('img', { name: 'Logo of Robin Park' });
  await expect(shown).toHaveAttribute('src', /^\/api\/v1\/media\/[^/]+$/);
  const first = await shown.getAttribute('src');
  await expect(page.getByTestId('header-account-logo')).toHaveAttribute('src', first!);
  await expect(logo.getByRole('button', { name: 'Choose a new logo' })).toBeFocused();

  // Again, zoomed to 200 % and moved with the keyboard: a 300 × 300 crop, not enlarged.
  await pickFile(page, 'Choose a new logo', {
    name: 'northwind.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(area).toBeVisible();
  const zoom = cropper.getByRole('slider', { name: 'Zoom' });
  await zoom.focus();
  for (let i = 0; i < 20; i += 1) await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveAttribute('aria-valuetext', '200%');
  await area.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  await cropper.getByRole('button', { name: 'Save logo' }).click();

  await expect(logo.getByRole('status')).toHaveText('Logo updated.');
  const cropped = await lastUpload(page);
  expect(cropped.count).toBe(2);
  expect(cropped.type).toBe('image/webp');
  expect(cropped.width).toBe(cropped.height);
  expect(Math.abs(cropped.width - 300)).toBeLessThanOrEqual(2);
  await expect(shown).not.toHaveAttribute('src', first!);
  const second = await shown.getAttribute('src');
  expect(second).toMatch(/^\/api\/v1\/media\//);
  await expect(page.getByTestId('header-account-logo')).toHaveAttribute('src', second!);
  // The image is served.
  const served = await page.request.get(second!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');

  // It stays after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Logo' }).getByRole('img')).toHaveAttribute(
    'src',
    second!,
  );
  await expect(page.getByTestId('header-account-logo')).toHaveAttribute('src', second!);
});
