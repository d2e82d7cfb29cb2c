import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { ShareForm } from './ShareForm.tsx';

function renderForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <MemoryRouter>
          <ShareForm tenantId="t1" />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('share form', () => {
  it('checks the address before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shares, says so and clears the address', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(
        {
          id: 's1',
          tenantId: 't1',
          tenantName: 'Acme',
          email: 'ari@client.test',
          role: 'viewer',
          createdAt: '2026-03-01T10:00:00.000Z',
          lastUsedAt: null,
        },
        201,
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await userEvent.type(email, ' Ari@Client.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Shared. We e-mailed ari@client.test a link to sign in.'));
    expect((email as HTMLInputElement).value).toBe('');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/tenants/t1/shares');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ari@client.test', role: 'viewer' });
  });

  it('puts a 400’s field error under the address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            error: {
              code: 'common.validation',
              message: 'Check the fields.',
              fields: { email: 'That address cannot be used.' },
            },
          },
          400,
        ),
      ),
    );
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ari@client.test');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('That address cannot be used.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an upgrade prompt when the plan does not include sharing (402)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            error: {
              code: 'billing.feature_locked',
              message: 'Sharing client tenants with outside people is not part of the Free plan.',
              details: { feature: 'sharing', plan: 'free' },
            },
          },
          402,
        ),
      ),
    );
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ari@client.test');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const prompt = await screen.findByRole('alert');
    expect(prompt.textContent).toContain(
      'Share client tenants with outside people: not in your plan',
    );
    expect(prompt.textContent).toContain('The Free plan does not include this.');
    expect(screen.getByRole('link', { name: 'See plans' })).toBeTruthy();
  });
});
