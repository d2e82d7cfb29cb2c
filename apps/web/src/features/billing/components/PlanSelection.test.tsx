import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { goToProvider } from '../lib/redirect.ts';
import { TRIAL, summary } from '../test/fixtures.ts';
import { renderWithServer } from '../test/render.tsx';
import { PlanSelection } from './PlanSelection.tsx';

vi.mock('../lib/redirect.ts', () => ({ goToProvider: vi.fn() }));

const card = (name: string) => screen.getByRole('region', { name });

describe('PlanSelection', () => {
  beforeEach(() => vi.mocked(goToProvider).mockClear());

  it('marks the current plan and labels the others upgrade or downgrade', () => {
    renderWithServer(<PlanSelection billing={summary({ plan: 'pro' })} />);
    expect(within(card('Pro')).getByText('Current plan', { selector: '.mantine-Badge-label' }));
    expect(within(card('Pro')).getByRole('button', { name: 'Current plan' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(card('Business')).getByRole('button', { name: 'Upgrade: Business' }));
    expect(within(card('Free')).getByRole('button', { name: 'Downgrade: Free' }));
    expect(within(card('Pro')).getByText('$49')).toBeTruthy();
    expect(within(card('Pro')).getByText('per month')).toBeTruthy();
  });

  it('switches to yearly prices, where the same plan yearly is an upgrade', async () => {
    renderWithServer(<PlanSelection billing={summary({ plan: 'pro' })} />);
    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(within(card('Pro')).getByText('$490')).toBeTruthy();
    expect(within(card('Pro')).getByText('per year')).toBeTruthy();
    expect(within(card('Pro')).getByText('$40.83 a month, $98 less than monthly')).toBeTruthy();
    expect(within(card('Pro')).queryByText('Current plan')).toBeNull();
    expect(within(card('Pro')).getByRole('button', { name: 'Upgrade: Pro' }));
    expect(within(card('Business')).getByText('$1,490')).toBeTruthy();
  });

  it('summarises a downgrade, with the usage that would not fit, then makes it', async () => {
    const { calls, router } = renderWithServer(
      <PlanSelection
        billing={summary({
          plan: 'pro',
          usage: { seats: 2, tenants: 7, activeAssessments: 1 },
          storage: { usedBytes: 300 * 1024 * 1024, files: 12, quotaBytes: 10 * 1024 ** 3 },
        })}
      />,
      {
        'POST /api/v1/billing/change': () =>
          jsonResponse({
            kind: 'downgrade',
            billing: summary({ plan: 'pro', cancelAtPeriodEnd: true }),
          }),
      },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Downgrade: Free' }));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Free?' });
    expect(
      within(dialog).getByText(/Your Pro plan stays until .+; then the account moves to Free/),
    );
    const changes = within(dialog).getByRole('list', { name: 'What changes' });
    expect(within(changes).getByText('Client tenants: 100 → 3')).toBeTruthy();
    expect(within(changes).getByText('Loses: Share client tenants with outside people'));
    expect(within(dialog).getByText('Your current usage does not fit Free')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Client tenants: you have 7, Free includes 3. Nothing is removed, but new ones are blocked until usage fits the plan.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText(/^Members: you have 2, Free includes 2/)).toBeTruthy();
    expect(within(changes).getByText('File storage: 10 GB → 250 MB')).toBeTruthy();
    expect(
      within(dialog).getByText(
        'File storage: you keep 300 MB, Free includes 250 MB. Nothing is deleted, but new files are refused until storage fits the plan.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Downgrade to Free' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/downgrade-success'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/v1/billing/change', body: { plan: 'free', interval: 'month' } },
    ]);
  });

  it('summarises an upgrade and lands on the upgrade outcome', async () => {
    const { router } = renderWithServer(<PlanSelection billing={summary({ plan: 'pro' })} />, {
      'POST /api/v1/billing/change': () =>
        jsonResponse({ kind: 'upgrade', billing: summary({ plan: 'business' }) }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade: Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Business?' });
    expect(within(dialog).getByText('Business, billed monthly: $149 per month.')).toBeTruthy();
    expect(within(dialog).getByText('Adds: Developer API and webhooks')).toBeTruthy();
    expect(within(dialog).queryByText(/does not fit/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Business' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/upgrade-success'));
  });

  it('sends a first purchase to the provider’s checkout', async () => {
    const { calls } = renderWithServer(<PlanSelection billing={TRIAL} />, {
      'POST /api/v1/billing/checkout': () => jsonResponse({ url: '/sandbox/billing/checkout/ch1' }),
    });
    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    await userEvent.click(within(card('Pro')).getByRole('button', { name: 'Choose: Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose Pro?' });
    expect(within(dialog).getByText(/You enter the payment details on the next page/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('/sandbox/billing/checkout/ch1'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ plan: 'pro', interval: 'year' });
  });

  it('shows the server’s refusal in the dialog', async () => {
    renderWithServer(<PlanSelection billing={summary({ plan: 'free' })} />, {
      'POST /api/v1/billing/checkout': () =>
        jsonResponse(
          { error: { code: 'billing.provider_error', message: 'The provider is unreachable.' } },
          502,
        ),
    });
    await userEvent.click(within(card('Pro')).getByRole('button', { name: 'Upgrade: Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'The provider is unreachable.',
    );
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it('shows admins the plans without buttons', () => {
    renderWithServer(<PlanSelection billing={summary({ plan: 'pro', canManage: false })} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(within(card('Pro')).getByText('Current plan')).toBeTruthy();
  });
});
