import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { TenantSharingPanel } from './TenantSharingPanel.tsx';

const SHARE = {
  id: 's1',
  tenantId: 't1',
  tenantName: 'Acme',
  email: 'ari@client.test',
  role: 'viewer',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
};

function serve(role: 'owner' | 'member') {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/v1/tenants/t1/shares' && (init?.method ?? 'GET') === 'GET') {
      return jsonResponse({ shares: [SHARE] });
    }
    if (url === '/api/v1/shares/s1' && init?.method === 'DELETE') {
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ error: { code: 'common.not_found', message: 'no' } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <TenantSharingPanel tenantId="t1" myRole={role} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return fetch;
}

describe('tenant sharing panel', () => {
  it('a member sees the list but no share form, role select or revoke', async () => {
    serve('member');
    expect(await screen.findByText('ari@client.test')).toBeTruthy();
    expect(screen.getByText('Viewer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('an owner revokes after confirming', async () => {
    const fetch = serve('owner');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke ari@client.test' }));
    expect(await screen.findByText('Revoke access?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke access' }));
    await vi.waitFor(() =>
      expect(
        fetch.mock.calls.some(
          (c) => String(c[0]) === '/api/v1/shares/s1' && c[1]?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });
});
