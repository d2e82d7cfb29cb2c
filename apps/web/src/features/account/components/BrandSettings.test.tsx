import { ACCOUNT_PERMISSION_NAMES, type Account, type Brand } from '@tenantry/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PlanRefusal } from '#web/lib/billing-errors.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { BrandSettings } from './BrandSettings.tsx';

const OWNER: Account = {
  id: 'acc1',
  name: 'Northwind Consulting',
  logoUrl: '/api/v1/media/logo1',
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'owner',
  permissions: ACCOUNT_PERMISSION_NAMES,
  tenantAccessLimited: false,
};

const STORED: Brand = {
  color: null,
  displayName: null,
  replyTo: null,
  emailFooter: null,
  logoUrl: '/api/v1/media/logo1',
  accountName: 'Northwind Consulting',
  applied: true,
};

function renderBrand(brand: Brand = STORED, planLock: PlanRefusal | null = null) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if ((init?.method ?? 'GET') === 'GET' && url === '/api/v1/account/brand')
        return jsonResponse(brand);
      if (init?.method === 'PUT' && url === '/api/v1/account/brand') {
        const body = JSON.parse(String(init.body)) as Partial<Brand>;
        puts.push(body);
        return jsonResponse({ ...brand, ...body });
      }
      return jsonResponse({ error: { code: 'common.not_found', message: 'Not found' } }, 404);
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <BrandSettings account={OWNER} planLock={planLock} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { puts };
}

const user = () => userEvent.setup();

describe('the brand preview', () => {
  it('follows the form as it is edited: name, colour, Reply-To and footer', async () => {
    renderBrand();
    const page = await screen.findByRole('region', { name: 'Preview: Respondent page' });
    const signIn = screen.getByRole('region', { name: 'Preview: Shared sign-in' });
    const mail = screen.getByRole('region', { name: 'Preview: E-mail' });
    // Until a name is given, the account's.
    expect(within(page).getByText('Northwind Consulting · for Contoso Ltd')).toBeTruthy();
    expect(within(page).getByRole('img', { name: 'Northwind Consulting logo' })).toBeTruthy();

    await user().type(screen.getByLabelText('Display name'), 'Northwind Security');
    expect(within(page).getByText('Northwind Security · for Contoso Ltd')).toBeTruthy();
    expect(within(signIn).getByText('Northwind Security shared a client tenant with you.'));
    expect(within(mail).getByText('From: Northwind Security')).toBeTruthy();

    await user().type(screen.getByLabelText('Reply-to address'), 'help@northwind.example');
    await user().type(screen.getByLabelText('E-mail footer'), 'Call us on 0123');
    expect(within(mail).getByText('Reply-To: help@northwind.example')).toBeTruthy();
    expect(within(mail).getByText('Call us on 0123')).toBeTruthy();

    const button = within(mail).getByText('Answer the questions');
    expect(button.style.background).toBe('#3b5bdb'); // Tenantry's until a colour
    await user().type(screen.getByLabelText('Primary colour'), '#1864ab');
    expect(button.style.background).toBe('#1864ab');
  });

  it('flags a colour too light for white text with its ratio, and does not preview it', async () => {
    renderBrand();
    const mail = await screen.findByRole('region', { name: 'Preview: E-mail' });
    await user().type(screen.getByLabelText('Primary colour'), '#ffcc00');
    expect(screen.getByText(/reach a contrast of 1\.43:1, below the 4\.5:1/)).toBeTruthy();
    expect(within(mail).getByText('Answer the questions').style.background).toBe('#3b5bdb');
  });

  it('saves every field', async () => {
    const { puts } = renderBrand();
    await user().type(await screen.findByLabelText('Display name'), 'Northwind Security');
    await user().type(screen.getByLabelText('Primary colour'), '#1864AB');
    await user().click(screen.getByRole('button', { name: 'Save brand' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Saved.');
    expect(puts).toEqual([
      { color: '#1864ab', displayName: 'Northwind Security', replyTo: null, emailFooter: null },
    ]);
  });

  it('on a plan without branding: read-only, with the way to the plans', async () => {
    renderBrand(
      { ...STORED, color: '#1864ab', applied: false },
      {
        kind: 'feature',
        title: 'Your brand is not part of the Free plan',
        message: 'Upgrade to Pro to brand what your clients see.',
        feature: 'brandedReports',
      },
    );
    expect(await screen.findByTestId('upgrade-prompt')).toBeTruthy();
    expect(screen.getByLabelText('Display name')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save brand' })).toBeNull();
  });
});
