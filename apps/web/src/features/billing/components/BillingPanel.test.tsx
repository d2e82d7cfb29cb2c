import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import {
  ADMIN_ACCOUNT,
  MEMBER_ACCOUNT,
  OWNER_ACCOUNT,
  invoice,
  summary,
} from '../test/fixtures.ts';
import { renderWithServer, type Answers } from '../test/render.tsx';
import { BillingPanel } from './BillingPanel.tsx';
import { UsageBars } from './UsageBars.tsx';

vi.mock('../lib/redirect.ts', () => ({ goToProvider: vi.fn() }));

function server(billing = summary({ plan: 'pro' }), invoices = [invoice()]): Answers {
  return {
    'GET /api/v1/billing': () => jsonResponse(billing),
    'GET /api/v1/billing/invoices': () => jsonResponse({ items: invoices }),
  };
}

describe('UsageBars', () => {
  it('shows usage against each limit, at or over it in the warning colour', () => {
    renderWithServer(
      <UsageBars
        billing={{
          usage: { seats: 1, tenants: 3, activeAssessments: 5 },
          limits: { seats: 2, tenants: 3, activeAssessments: 3, respondentsPerAssessment: 5 },
          atLimit: ['tenants', 'activeAssessments'],
        }}
      />,
    );
    const seats = screen.getByTestId('usage-seats');
    expect(seats.dataset.state).toBe('ok');
    expect(within(seats).getByText('1 of 2')).toBeTruthy();
    expect(within(seats).getByRole('progressbar', { name: 'Members: 1 of 2' })).toBeTruthy();
    expect(within(seats).queryByText(/blocked/)).toBeNull();
    const tenants = screen.getByTestId('usage-tenants');
    expect(tenants.dataset.state).toBe('at');
    expect(tenants.textContent).toContain(
      'At the limit. New ones are blocked until usage fits the plan.',
    );
    const active = screen.getByTestId('usage-activeAssessments');
    expect(active.dataset.state).toBe('over');
    expect(within(active).getByText('5 of 3')).toBeTruthy();
    expect(active.textContent).toContain('Over the limit. New ones are blocked');
  });

  it('says unlimited without a bar', () => {
    renderWithServer(
      <UsageBars
        billing={summary({
          plan: 'business',
          usage: { seats: 3, tenants: 250, activeAssessments: 40 },
        })}
      />,
    );
    const tenants = screen.getByTestId('usage-tenants');
    expect(within(tenants).getByText('250 (no limit)')).toBeTruthy();
    expect(within(tenants).queryByRole('progressbar')).toBeNull();
  });
});

describe('BillingPanel', () => {
  it('shows an owner the plan, usage, plans and invoices', async () => {
    renderWithServer(<BillingPanel account={OWNER_ACCOUNT} />, server());
    expect(await screen.findByRole('heading', { name: 'Pro plan' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Billed monthly: $49 per month.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update payment method' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel the plan' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Usage' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upgrade: Business' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('SBX-0001')).toBeTruthy();
    expect(within(row).getByText('$49')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'PDF of invoice SBX-0001' })).toHaveProperty(
      'href',
      expect.stringContaining('/sandbox/billing/invoices/in1.pdf'),
    );
  });

  it('says when there are no invoices yet', async () => {
    renderWithServer(<BillingPanel account={OWNER_ACCOUNT} />, server(summary(), []));
    expect(await screen.findByText('No invoices yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Free plan' })).toBeTruthy();
    // Free without a subscription: nothing to cancel, no payment method yet.
    expect(screen.queryByRole('button', { name: 'Cancel the plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update payment method' })).toBeNull();
  });

  it('cancels at the period’s end after a confirmation, then offers to resume', async () => {
    const canceling = summary({ plan: 'pro', cancelAtPeriodEnd: true });
    const { calls } = renderWithServer(<BillingPanel account={OWNER_ACCOUNT} />, {
      ...server(),
      'POST /api/v1/billing/cancel': () => jsonResponse(canceling),
      'POST /api/v1/billing/resume': () => jsonResponse(summary({ plan: 'pro' })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the plan?' });
    expect(within(dialog).getByText(/Pro stays until .+; then the account moves to Free/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/^Cancels on /)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Resume the plan' }));
    await waitFor(() => expect(screen.queryByText(/^Cancels on /)).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/v1/billing/cancel',
      '/api/v1/billing/resume',
    ]);
  });

  it('shows an admin everything read-only', async () => {
    renderWithServer(
      <BillingPanel account={ADMIN_ACCOUNT} />,
      server(summary({ plan: 'pro', canManage: false })),
    );
    expect(await screen.findByText(/Only owners change the plan/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pro plan' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('tells a member who sees billing, without asking the server', () => {
    const { calls } = renderWithServer(<BillingPanel account={MEMBER_ACCOUNT} />, server());
    expect(screen.getByText(/seen by the account’s owners and admins/)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
