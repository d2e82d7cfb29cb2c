import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { MediaGrid } from './MediaGrid.tsx';

const IMAGE = {
  id: 'm1',
  purpose: 'content_image',
  url: '/api/v1/media/m1',
  contentType: 'image/webp',
  width: 2048,
  height: 1152,
  bytes: 190_844,
  createdAt: '2026-03-01T10:00:00.000Z',
  scope: 'private',
};

function renderGrid(items: unknown[], props: { onPick?: (m: unknown) => void } = {}) {
  const calls: { method: string; url: string }[] = [];
  let listed = items;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (method === 'DELETE') {
        listed = [];
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ items: listed });
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MediaGrid scope="private" {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return calls;
}

describe('media library', () => {
  it('says when there are no images yet', async () => {
    renderGrid([]);
    expect(await screen.findByText('No images yet')).toBeTruthy();
  });

  it('shows each image with its size and deletes one only after confirming', async () => {
    const calls = renderGrid([IMAGE]);
    const list = await screen.findByRole('list', { name: 'Images' });
    expect(within(list).getByText('2048 × 1152 · 186 KB')).toBeTruthy();
    // Each card is named (no file name exists: when it was uploaded, and its size).
    const card = within(list).getByRole('listitem', {
      name: /^Image uploaded .+ \(2048 × 1152 · 186 KB\)$/,
    });
    expect(card.textContent).toMatch(/Image of .*2048 × 1152/);
    expect(within(list).getByRole('button', { name: 'Copy markdown' })).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: /^Delete the image/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this image?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete image' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'DELETE',
        url: '/api/v1/content/media/m1?scope=private',
      }),
    );
    expect(await screen.findByText('No images yet')).toBeTruthy();
  });

  it('in the picker, hands back the chosen image', async () => {
    const onPick = vi.fn();
    renderGrid([IMAGE], { onPick });
    await userEvent.click(await screen.findByRole('button', { name: 'Insert' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ url: '/api/v1/media/m1' }));
    expect(screen.queryByRole('button', { name: 'Copy markdown' })).toBeNull();
  });
});
