import type { TenantSummary } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from '#web/lib/format.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { TenantList } from './TenantList.tsx';

const T = { timeout: 5_000 };

const tenant = (over: Partial<TenantSummary>): TenantSummary => ({
  id: 't1',
  name: 'Acme',
  industry: null,
  size: null,
  tags: [],
  archivedAt: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  latest: null,
  openAssessments: 0,
  openTasks: 0,
  nextTaskDue: null,
  nextAssessmentDue: null,
  ...over,
});

describe('the client tenant list', () => {
  it('shows each tenant’s open remediation tasks, marked when some are overdue', async () => {
    stubApi({
      'GET /api/v1/tenants': () =>
        jsonResponse({
          tenants: [
            tenant({ id: 't1', name: 'Acme', openTasks: 3, nextTaskDue: '2020-01-31' }),
            tenant({ id: 't2', name: 'Globex', openTasks: 1, nextTaskDue: '2999-12-31' }),
            tenant({ id: 't3', name: 'Initech' }),
          ],
          nextCursor: null,
        }),
    });
    renderRoutes([{ path: '/tenant', element: <TenantList onCreate={() => {}} /> }], '/tenant');
    const table = await screen.findByRole('table', { name: 'Client tenants' }, T);
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('link', { name }))!;
    const acme = within(row('Acme')).getByRole('link', { name: '3 open tasks' });
    expect(acme.getAttribute('href')).toBe('/tenant/t1/remediation?status=open');
    expect(within(row('Acme')).getByText('Overdue')).toBeTruthy();
    expect(within(row('Globex')).getByRole('link', { name: '1 open task' })).toBeTruthy();
    expect(within(row('Globex')).queryByText('Overdue')).toBeNull();
    expect(within(row('Initech')).getByText('No open tasks')).toBeTruthy();
  });

  it('shows each tenant’s nearest assessment due date, marked when it has passed', async () => {
    const calls = stubApi({
      'GET /api/v1/tenants': () =>
        jsonResponse({
          tenants: [
            tenant({ id: 't1', name: 'Acme', openAssessments: 2, nextAssessmentDue: '2020-01-31' }),
            tenant({
              id: 't2',
              name: 'Globex',
              openAssessments: 1,
              nextAssessmentDue: '2999-12-31',
            }),
            tenant({ id: 't3', name: 'Initech', openAssessments: 0 }),
          ],
          nextCursor: null,
        }),
    });
    renderRoutes([{ path: '/tenant', element: <TenantList onCreate={() => {}} /> }], '/tenant');
    const table = await screen.findByRole('table', { name: 'Client tenants' }, T);
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('link', { name }))!;
    expect(row('Acme').textContent).toContain(`2 open · due ${formatCalendarDay('2020-01-31')}`);
    expect(within(row('Acme')).getByText('Overdue')).toBeTruthy();
    expect(row('Globex').textContent).toContain(`1 open · due ${formatCalendarDay('2999-12-31')}`);
    expect(within(row('Globex')).queryByText('Overdue')).toBeNull();
    expect(row('Initech').textContent).toContain('None open');

    // Sorted by the nearest due date from the sort menu.
    await userEvent.click(
      screen.queryByRole('combobox', { name: 'Sort' }) ??
        screen.getByRole('textbox', { name: 'Sort' }),
    );
    await userEvent.click(
      await screen.findByRole('option', { name: 'Assessment due soonest', hidden: true }, T),
    );
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.search.includes('sort=due') && c.url.search.includes('order=asc')),
      ).toBe(true),
    );
  });
});
