import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OWNER_ACCOUNT,
  MEMBER_ACCOUNT,
  PAST_DUE,
  summary,
} from '#web/features/billing/test/fixtures.ts';
import { analytics } from '#web/lib/analytics.ts';
import { USER, jsonResponse } from '#web/test/fixtures.ts';
import { analyticsEvents, renderApp, type ExtraRoutes } from '#web/test/render-app.tsx';

// Waits are for a result, never a fixed delay: as long as the project's own (15 s here, since
// this file runs beside the server suite on two cores and one wait spans the redirect, the
// account's read and the plan's two reads).
const T = { timeout: 15_000 };

function server(account = OWNER_ACCOUNT, billing = summary({ plan: 'pro' })): ExtraRoutes {
  return {
    'GET /api/v1/account': () => jsonResponse(account),
    'GET /api/v1/billing': () => jsonResponse(billing),
    'GET /api/v1/billing/invoices': () => jsonResponse({ items: [] }),
  };
}

const billingReads = (calls: { url: string; init: RequestInit | undefined }[]) =>
  calls.filter((c) => c.url === '/api/v1/billing' && (c.init?.method ?? 'GET') === 'GET').length;

describe('admin: billing', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('after a cancelled checkout, the billing tab says nothing was charged, until dismissed', async () => {
    const { router, calls } = renderApp('/checkout-cancel', USER, { routes: server() });
    const message = await screen.findByRole(
      'status',
      { name: 'Checkout cancelled: nothing was charged' },
      T,
    );
    expect(router.state.location.pathname).toBe('/admin/billing');
    expect(message.textContent).toContain('Your plan is unchanged.');
    // The event went out before the redirect, as before.
    expect(analyticsEvents(calls).map((e) => e.name)).toContain('checkout_cancelled');
    // The plan changed elsewhere: it is asked for again.
    await waitFor(() => expect(billingReads(calls)).toBeGreaterThanOrEqual(2), T);
    await userEvent.click(within(message).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: /Checkout cancelled/ })).toBeNull(),
    );
    expect(router.state.location.pathname).toBe('/admin/billing');
    expect(router.state.location.state).toBeNull();
  });

  it('says what each outcome did', async () => {
    renderApp('/upgrade-success', USER, { routes: server() });
    expect(await screen.findByRole('status', { name: 'Your plan is upgraded' }, T)).toBeTruthy();
    // It lands on the billing tab itself: no link to it is needed.
    expect(await screen.findByRole('tab', { name: 'Billing', selected: true }, T)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open Billing' })).toBeNull();
  });

  it('says a completed purchase', async () => {
    renderApp('/checkout-success', USER, { routes: server() });
    expect(await screen.findByRole('status', { name: 'Purchase complete' }, T)).toBeTruthy();
  });

  it('a plain visit to /admin says nothing about checkout', async () => {
    renderApp('/admin', USER, { routes: server() });
    await screen.findByRole('heading', { level: 1, name: 'Account' }, T);
    await screen.findByRole('tab', { name: 'General', selected: true }, T);
    expect(screen.queryByRole('status', { name: /plan|Purchase|Checkout/ })).toBeNull();
  });

  it('the billing tab shows the plan to an owner', async () => {
    renderApp('/admin/billing', USER, { routes: server() });
    expect(await screen.findByRole('heading', { name: 'Pro plan' }, T)).toBeTruthy();
    expect(await screen.findByText('No invoices yet.', {}, T)).toBeTruthy();
  });

  it('the billing tab tells a member to ask an owner', async () => {
    const { calls } = renderApp('/admin/billing', USER, { routes: server(MEMBER_ACCOUNT) });
    expect(await screen.findByText(/seen by the account’s owners and admins/, {}, T)).toBeTruthy();
    expect(billingReads(calls)).toBe(0);
  });

  it('an overdue payment shows on every page for an owner', async () => {
    const { router } = renderApp('/admin/general', USER, {
      routes: server(
        OWNER_ACCOUNT,
        summary({ plan: 'pro', status: 'past_due', pastDue: PAST_DUE }),
      ),
    });
    expect(await screen.findByTestId('past-due-banner', {}, T)).toBeTruthy();
    await router.navigate('/roadmap');
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' }, T);
    expect(screen.getByTestId('past-due-banner')).toBeTruthy();
  });
});
