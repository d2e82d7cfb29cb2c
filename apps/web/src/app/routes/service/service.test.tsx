import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, jsonResponse } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

const EMPTY = {
  items: [],
  nextCursor: null,
  totals: { accounts: 0, mrr: 0, trialing: 0, active: 0, pastDue: 0, canceled: 0 },
};

describe('the service console', () => {
  it('shows the subscriptions tab to a system admin; the other tabs are not built yet', async () => {
    const { router } = renderApp('/service/subscriptions', ADMIN, {
      routes: { 'GET /api/v1/service/subscriptions': () => jsonResponse(EMPTY) },
    });
    expect(await screen.findByText('No accounts yet.', {}, T)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    await router.navigate('/service/overview');
    expect(await screen.findByText('Coming soon', {}, T)).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull();
  });

  it('shows the audit tab to a system admin', async () => {
    renderApp('/service/audit', ADMIN, {
      routes: {
        'GET /api/v1/service/audit': () => jsonResponse({ entries: [], nextCursor: null }),
      },
    });
    expect(await screen.findByText('Nothing recorded yet.', {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify chain' })).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
  });
});
