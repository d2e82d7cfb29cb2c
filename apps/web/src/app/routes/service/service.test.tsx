import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, jsonResponse } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

const EMPTY = {
  items: [],
  nextCursor: null,
  totals: { accounts: 0, mrr: 0, trialing: 0, active: 0, pastDue: 0, canceled: 0 },
};

const fig = (value: number, previous: number | null = null) => ({ value, previous });
const OVERVIEW = {
  days: 7,
  computedAt: '2026-01-01T10:00:00.000Z',
  accounts: { total: fig(10, 8), new: fig(4, 2), active7d: fig(3), active30d: fig(5) },
  signups: { total: fig(6, 6), verified: fig(5, 6) },
  billing: { mrr: fig(4900, 0), trialsEnding7d: fig(1), pastDue: fig(0, 1) },
  assessments: { started: fig(2, 0), completed: fig(1, 0) },
  answers: { total: fig(30, 10), perDay: [{ day: '2026-01-01', value: 30 }] },
  support: { waitingLongest: [] },
  feedbackUnhandled: fig(2, 1),
  failedJobs: 0,
  errorsLastHour: fig(0, 0),
};
const SYSTEM = {
  version: { buildTimestamp: 0, node: 'v24.0.0' },
  database: {
    kind: 'pglite',
    sizeBytes: 5_000_000,
    migrations: { applied: 28, last: '0027_x' },
    connections: null,
  },
  queues: [{ name: 'mail.send', counts: { completed: 3, failed: 1 } }],
  mail: { mode: 'mailbox', failures24h: 0, recentFailures: [] },
  webhooks: { succeeded24h: 0, failed24h: 0, pending: 0, failingEndpoints: [] },
  processes: [],
  config: [{ key: 'appEnv', value: 'test' }],
};

describe('the service console', () => {
  it('shows the subscriptions tab to a system admin, then the overview', async () => {
    const { router } = renderApp('/service/subscriptions', ADMIN, {
      routes: {
        'GET /api/v1/service/subscriptions': () => jsonResponse(EMPTY),
        'GET /api/v1/service/overview': () => jsonResponse(OVERVIEW),
      },
    });
    expect(await screen.findByText('No accounts yet.', {}, T)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
    await router.navigate('/service/overview');
    const accounts = await screen.findByRole('region', { name: 'Accounts' }, T);
    expect(within(accounts).getByLabelText('New: 4')).toBeTruthy();
    expect(within(accounts).getByText('up from 2')).toBeTruthy();
    expect(screen.getByText('No ticket is waiting for an answer.')).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search' })).toBeNull();
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it('shows the system tab with a failed job to retry', async () => {
    renderApp('/service/system', ADMIN, {
      routes: {
        'GET /api/v1/service/system': () => jsonResponse(SYSTEM),
        'GET /api/v1/service/system/jobs': () =>
          jsonResponse({
            items: [
              {
                id: '6a1c2f7e-3f0c-4a8e-9d55-1f2b3c4d5e6f',
                queue: 'mail.send',
                state: 'failed',
                retryCount: 5,
                createdAt: '2026-01-01T10:00:00.000Z',
                endedAt: '2026-01-01T10:05:00.000Z',
                error: 'connect ECONNREFUSED',
              },
            ],
            nextCursor: null,
          }),
      },
    });
    expect(await screen.findByText('connect ECONNREFUSED', {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry the mail.send job' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Database' })).toBeTruthy();
    expect(screen.getByText('PGlite (embedded)')).toBeTruthy();
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
