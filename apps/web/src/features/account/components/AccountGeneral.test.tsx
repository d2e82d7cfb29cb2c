import { ACCOUNT_PERMISSION_NAMES, type Account } from '@tenantry/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { useAccount } from '../api/get-account.ts';
import type { ImageCropperProps } from '#web/components/image-cropper/ImageCropper.tsx';
import { readImageSize } from '#web/lib/image-size.ts';
import { AccountGeneral } from './AccountGeneral.tsx';

// happy-dom neither decodes images nor draws on a canvas: the image's size and the cropper
// (its own chunk, tested in ImageCropper.test.tsx and the e2e journey) stand in here.
vi.mock('#web/lib/image-size.ts', () => ({
  readImageSize: vi.fn(async () => ({ width: 800, height: 600 })),
}));
vi.mock('#web/components/image-cropper/ImageCropper.tsx', () => ({
  ImageCropper: ({ label, saveLabel, saving, error, onSave, onCancel }: ImageCropperProps) => (
    <div role="group" aria-label={label}>
      <button
        type="button"
        disabled={saving}
        onClick={() =>
          onSave({
            blob: new Blob(['cropped'], { type: 'image/webp' }),
            size: { width: 512, height: 512 },
          })
        }
      >
        {saveLabel}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  ),
}));

const OWNER: Account = {
  id: 'acc1',
  name: 'Northwind Consulting',
  logoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'owner',
  permissions: ACCOUNT_PERMISSION_NAMES,
  tenantAccessLimited: false,
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const png = (name = 'logo.png') => new File([PNG], name, { type: 'image/png' });

function Screen() {
  const { data } = useAccount();
  return data ? <AccountGeneral account={data} /> : null;
}

/** The General tab over a small server: the account, its logo upload and rename. */
function renderGeneral(
  account: Account = OWNER,
  putLogo: (body: unknown) => Response = () =>
    jsonResponse({ ...account, logoUrl: '/api/v1/media/m2' }),
) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body });
      if (method === 'GET' && url === '/api/v1/account') return jsonResponse(account);
      if (method === 'PUT' && url === '/api/v1/account/logo') return putLogo(init?.body);
      if (method === 'PATCH' && url === '/api/v1/account') {
        const { name } = JSON.parse(String(init?.body)) as { name: string };
        return jsonResponse({ ...account, name });
      }
      return jsonResponse({ error: { code: 'common.not_found', message: 'Not found' } }, 404);
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <Screen />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { calls };
}

const user = () => userEvent.setup({ applyAccept: false });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

async function pick(file: File) {
  const button = await screen.findByRole('button', { name: /^Choose/ });
  await user().upload(fileInput(), file);
  return button;
}

describe('account logo', () => {
  it('offers a keyboard-usable button that picks PNG, JPEG or WebP', async () => {
    renderGeneral();
    const button = await screen.findByRole('button', { name: 'Choose an image' });
    expect(screen.getByLabelText('No logo yet')).toBeTruthy();
    expect(fileInput().accept).toBe('image/png,image/jpeg,image/webp');
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(button.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toContain('up to 15 MB');
    expect(hint.textContent).toContain('512 × 512');
  });

  it('crops a picked image and uploads the crop; the new logo shows and “Logo updated.”', async () => {
    const { calls } = renderGeneral();
    await pick(png());
    const cropper = await screen.findByRole('group', { name: 'Crop the new logo' });
    expect(readImageSize).toHaveBeenCalledWith(expect.stringMatching(/^blob:/));
    await user().click(within(cropper).getByRole('button', { name: 'Save logo' }));

    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Logo updated.');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe('/api/v1/account/logo');
    expect(put?.body).toBeInstanceOf(Blob);
    expect((put?.body as Blob).type).toBe('image/webp');
    expect(
      screen.getByRole('img', { name: 'Logo of Northwind Consulting' }).getAttribute('src'),
    ).toBe('/api/v1/media/m2');
    expect(screen.queryByRole('group', { name: 'Crop the new logo' })).toBeNull();
    const again = screen.getByRole('button', { name: 'Choose a new logo' });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('refuses a file that is not an image, and one over 15 MB, without opening the cropper', async () => {
    const { calls } = renderGeneral();
    await pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file is not a PNG, JPEG or WebP image. Choose one of those.',
    );
    // Named and declared as a PNG, but it is not one.
    await pick(new File(['hello'], 'fake.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toContain('not a PNG, JPEG or WebP');

    const huge = new File([new Uint8Array(15 * 1024 * 1024 + 1)], 'huge.png', {
      type: 'image/png',
    });
    await pick(huge);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file is larger than 15 MB. Choose a smaller image.',
    );
    expect(screen.queryByRole('group', { name: 'Crop the new logo' })).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('takes a picked file over 1 MB (the crop is what is uploaded)', async () => {
    renderGeneral();
    const big = new File([PNG, new Uint8Array(3 * 1024 * 1024)], 'photo.png', {
      type: 'image/png',
    });
    await pick(big);
    expect(await screen.findByRole('group', { name: 'Crop the new logo' })).toBeTruthy();
  });

  it('refuses an image the browser cannot read, or one of too many pixels', async () => {
    renderGeneral();
    vi.mocked(readImageSize).mockRejectedValueOnce(new Error('broken'));
    await pick(png());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The image could not be read (it may be damaged). Choose another file.',
    );
    vi.mocked(readImageSize).mockResolvedValueOnce({ width: 20_000, height: 20_000 });
    await pick(png());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The image has more than 40 megapixels. Choose a smaller one.',
    );
  });

  it('shows the server’s 400 message beside the control, and a 413 by its status', async () => {
    let answer = jsonResponse(
      { error: { code: 'media.not_an_image', message: 'The file is not a readable image.' } },
      400,
    );
    renderGeneral(OWNER, () => answer);
    await pick(png());
    const cropper = await screen.findByRole('group', { name: 'Crop the new logo' });
    await user().click(within(cropper).getByRole('button', { name: 'Save logo' }));
    expect((await within(cropper).findByRole('alert')).textContent).toBe(
      'The file is not a readable image.',
    );

    answer = jsonResponse(
      { error: { code: 'common.bad_request', message: 'The request body is too large.' } },
      413,
    );
    await user().click(within(cropper).getByRole('button', { name: 'Save logo' }));
    await waitFor(() =>
      expect(within(cropper).getByRole('alert').textContent).toBe(
        'The cropped image is still larger than 1 MB. Zoom in or choose another image.',
      ),
    );
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('cancelling closes the cropper, uploads nothing and gives the focus back', async () => {
    const { calls } = renderGeneral({ ...OWNER, logoUrl: '/api/v1/media/m1' });
    await pick(png());
    const cropper = await screen.findByRole('group', { name: 'Crop the new logo' });
    await user().click(within(cropper).getByRole('button', { name: 'Cancel' }));
    const button = screen.getByRole('button', { name: 'Choose a new logo' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(
      screen.getByRole('img', { name: 'Logo of Northwind Consulting' }).getAttribute('src'),
    ).toBe('/api/v1/media/m1');
  });

  it('a member who may not edit sees the logo and no way to change it', async () => {
    renderGeneral({
      ...OWNER,
      role: 'member',
      permissions: [],
      logoUrl: '/api/v1/media/m1',
    });
    expect(await screen.findByRole('img', { name: 'Logo of Northwind Consulting' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Choose/ })).toBeNull();
    expect(screen.getByText('Only owners and admins can change the logo.')).toBeTruthy();
  });
});

describe('account name', () => {
  it('still renames the account and says “Saved.”', async () => {
    const { calls } = renderGeneral();
    const name = await screen.findByRole('textbox', { name: 'Account name' });
    await user().clear(name);
    await user().type(name, '  Northwind Partners ');
    await user().click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(JSON.parse(String(patch?.body))).toEqual({ name: 'Northwind Partners' });
    expect((name as HTMLInputElement).value).toBe('Northwind Partners');
  });
});
