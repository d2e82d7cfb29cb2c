import type { Account } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { goToProvider } from '../lib/redirect.ts';
import {
  ADMIN_ACCOUNT,
  MEMBER_ACCOUNT,
  OWNER_ACCOUNT,
  PAST_DUE,
  summary,
} from '../test/fixtures.ts';
import { renderWithServer } from '../test/render.tsx';
import { PastDueBanner } from './PastDueBanner.tsx';

vi.mock('../lib/redirect.ts', () => ({ goToProvider: vi.fn() }));

const pastDue = (over: Parameters<typeof summary>[0] = {}) =>
  summary({ plan: 'pro', status: 'past_due', pastDue: PAST_DUE, ...over });

function renderBanner(account: Account | undefined, billing = pastDue()) {
  return renderWithServer(<PastDueBanner account={account} />, {
    'GET /api/v1/billing': () => jsonResponse(billing),
    'POST /api/v1/billing/portal': () => jsonResponse({ url: '/sandbox/billing/portal' }),
  });
}

describe('PastDueBanner', () => {
  it('tells an owner the amount and the grace end, with the way to pay', async () => {
    const { calls } = renderBanner(OWNER_ACCOUNT);
    const banner = await screen.findByTestId('past-due-banner');
    expect(banner.textContent).toContain('Payment overdue');
    expect(banner.textContent).toContain('A payment of $49 did not go through.');
    expect(banner.textContent).toMatch(/Update the payment method by \w+ 12, 2026/);
    // One short line, with the action.
    expect(within(banner).getByText(/^Pay \$49 by \w+ 12$/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Update payment' }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith('/sandbox/billing/portal'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/billing',
      'POST /api/v1/billing/portal',
    ]);
  });

  it('says the account is read-only once the grace period is over', async () => {
    renderBanner(OWNER_ACCOUNT, pastDue({ readOnly: true }));
    const banner = await screen.findByTestId('past-due-banner');
    expect(banner.textContent).toContain('Payment overdue: the account is read-only');
    expect(banner.textContent).toContain('nothing changed until it is paid');
    expect(within(banner).getByText('Read-only: $49 overdue')).toBeTruthy();
  });

  it('shows an admin the notice without the button', async () => {
    renderBanner(ADMIN_ACCOUNT, pastDue({ canManage: false }));
    const banner = await screen.findByTestId('past-due-banner');
    expect(banner.textContent).toContain('Only an owner can update the payment method.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is not there when the payments are up to date', async () => {
    const { calls } = renderBanner(OWNER_ACCOUNT, summary({ plan: 'pro' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('past-due-banner')).toBeNull();
  });

  it('never asks for a member, nor before the account is known', () => {
    const member = renderBanner(MEMBER_ACCOUNT);
    expect(member.calls).toEqual([]);
    member.unmount();
    const unknown = renderBanner(undefined);
    expect(unknown.calls).toEqual([]);
    expect(screen.queryByTestId('past-due-banner')).toBeNull();
  });
});
