import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analytics } from '#web/lib/analytics.ts';
import { USER, jsonResponse, EMPTY_POSTURE } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

const TENANT = {
  id: 't1',
  name: 'Acme',
  industry: null,
  size: null,
  tags: [],
  contacts: [],
  notes: '',
  posture: EMPTY_POSTURE,
  archivedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  latest: null,
  openAssessments: 0,
  openTasks: 0,
  nextTaskDue: null,
  nextAssessmentDue: null,
  access: {
    accountRole: 'member',
    shareRole: null,
    accountName: 'Northwind Consulting',
    brand: null,
  },
};

describe('client tenant screens', () => {
  beforeEach(async () => {
    await analytics.flush();
  });
  afterEach(async () => {
    await analytics.flush();
    vi.unstubAllGlobals();
  });

  it('a tenant the API does not know (404) shows “Client tenant not found”', async () => {
    renderApp('/tenant/elsewhere/overview', USER);
    expect(await screen.findByText('Client tenant not found', {}, T)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to client tenants' })).toBeTruthy();
  });

  it('the list shows an error with a retry when it cannot load', async () => {
    renderApp('/tenant', USER);
    expect(await screen.findByText('The client tenants could not be loaded', {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('the posture view says when the count stopped (“1050+”) and offers the pages counted', async () => {
    const row = {
      id: 't1',
      name: 'Acme',
      tags: [],
      latest: null,
      trend: null,
      sections: [],
      sectionsBelow: 0,
      openTasks: 0,
      overdueTasks: 0,
      openAssessments: 0,
      nextAssessmentDue: null,
      nextTaskDue: null,
      overdue: false,
      lastActivityAt: null,
    };
    renderApp('/tenant?view=posture', USER, {
      routes: {
        'GET /api/v1/tenants/portfolio': () =>
          jsonResponse({ tenants: [row], total: 1050, more: true, columns: [], frameworks: [] }),
      },
    });
    expect(await screen.findByText(/^1050\+ client tenants/, {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: '21' })).toBeTruthy();
  });

  it('asks before a tab switch throws away unsaved settings', async () => {
    const { router } = renderApp('/tenant/t1/settings', USER, {
      routes: { 'GET /api/v1/tenants/t1': () => jsonResponse(TENANT) },
    });
    await screen.findByRole('textbox', { name: 'Name' }, T);
    // Untouched: leaving asks nothing.
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenant/t1/overview'));
    await router.navigate('/tenant/t1/settings');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }, T), ' Ltd');

    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' }, T);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    expect(router.state.location.pathname).toBe('/tenant/t1/settings');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe(
      'Acme Ltd',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Sharing' }));
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' }, T);
    await userEvent.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenant/t1/sharing'));
  });

  it('restoring a tenant the plan has no room for shows the upgrade prompt', async () => {
    renderApp('/tenant/t1/settings', USER, {
      routes: {
        'GET /api/v1/tenants/t1': () =>
          jsonResponse({
            ...TENANT,
            archivedAt: '2026-03-02T10:00:00.000Z',
            access: {
              accountRole: 'owner',
              shareRole: null,
              accountName: 'Northwind Consulting',
              brand: null,
            },
          }),
        'POST /api/v1/tenants/t1/restore': () =>
          jsonResponse(
            {
              error: {
                code: 'billing.limit_reached',
                message: 'The Free plan includes 3 client tenants and this account has 3.',
                details: { limit: 'tenants', allowed: 3, used: 3, plan: 'free' },
              },
            },
            402,
          ),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Restore client tenant' }, T));
    const dialog = await screen.findByRole('dialog', { name: 'Restore Acme?' }, T);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(
      await screen.findByText('Your plan has no room for more client tenants', {}, T),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe(
      '/admin/billing',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
