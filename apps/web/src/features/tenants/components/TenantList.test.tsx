import type { TenantSummary } from '@tenantry/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
