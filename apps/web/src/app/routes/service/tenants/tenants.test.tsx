import type { ServiceTenantPage, ServiceTenantView, Tenant } from '@tenantry/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DETAIL, answer } from '#web/features/assessments/test/fixtures.ts';
import { MFA } from '#web/features/remediation/test/fixtures.ts';
import { ADMIN, jsonResponse, EMPTY_POSTURE } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';
import {
  resolveDrillFocus,
  drillHrefs,
} from '#web/features/service-console/tenants/lib/drill-view.ts';

const T = { timeout: 5_000 };
const BASE = '/api/v1/service/accounts/acc1/tenants';

const TENANT: Tenant = {
  id: 't1',
  name: 'Acme Drill',
  industry: 'Finance',
  size: null,
  tags: ['finance'],
  archivedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  latest: null,
  openAssessments: 1,
  openTasks: 1,
  nextTaskDue: null,
  nextAssessmentDue: null,
  contacts: [],
  notes: 'Quarterly review.',
  posture: EMPTY_POSTURE,
};
const ACCOUNT = { id: 'acc1', name: 'Northwind MSP', suspended: false };
const VIEW: ServiceTenantView = {
  account: ACCOUNT,
  tenant: TENANT,
  recentAssessments: [DETAIL],
  baseline: {
    baseline: null,
    latest: null,
    overall: { baseline: null, latest: null, delta: null, trend: 'unscored' },
  },
  tasks: {
    counts: { todo: 1, in_progress: 0, done: 0, risk_accepted: 0, overdue: 0 },
    open: [MFA],
  },
};
const ASSESSED = {
  ...DETAIL,
  can: { answer: false, manage: false, delete: false },
  answers: [answer('mfa', 'yes', { score: 1, note: 'Checked in March' })],
};

describe('lib/drill-view', () => {
  it('reads a focus as a tab, or as an assessment', () => {
    expect(resolveDrillFocus(undefined)).toEqual({ tab: 'overview', assessmentId: null });
    expect(resolveDrillFocus('baseline')).toEqual({ tab: 'baseline', assessmentId: null });
    expect(resolveDrillFocus('a1')).toEqual({ tab: 'assessments', assessmentId: 'a1' });
    const href = drillHrefs('acc 1');
    expect(href.task('t1', 'k1')).toBe('/service/tenants/acc%201/t1/remediation?task=k1');
    expect(href.assessment('t1', 'a1', 'q.1')).toBe('/service/tenants/acc%201/t1/a1?q=q.1');
    expect(href.tab('t1', 'overview')).toBe('/service/tenants/acc%201/t1');
  });
});

describe('the tenants drill-down', () => {
  it('lists the account’s client tenants under the read-only banner', async () => {
    const page: ServiceTenantPage = { account: ACCOUNT, tenants: [TENANT], nextCursor: null };
    renderApp('/service/tenants/acc1', ADMIN, {
      routes: { [`GET ${BASE}`]: () => jsonResponse(page) },
    });
    const table = await screen.findByRole('table', { name: 'Client tenants' }, T);
    expect(within(table).getByRole('link', { name: 'Acme Drill' }).getAttribute('href')).toBe(
      '/service/tenants/acc1/t1',
    );
    expect(screen.getByText('Viewing as system admin — read-only')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Client tenants of Northwind MSP' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View as a member…' })).toBeTruthy();
  });

  it('shows a tenant’s overview and an assessment read-only, without a write control', async () => {
    const { router } = renderApp('/service/tenants/acc1/t1', ADMIN, {
      routes: {
        [`GET ${BASE}/t1`]: () => jsonResponse(VIEW),
        [`GET ${BASE}/t1/assessments/a1`]: () => jsonResponse(ASSESSED),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Acme Drill' }, T)).toBeTruthy();
    expect(screen.getByText('Quarterly review.')).toBeTruthy();
    const tasks = screen.getByRole('table', { name: 'Tasks' });
    expect(within(tasks).getByRole('link', { name: MFA.title }).getAttribute('href')).toBe(
      `/service/tenants/acc1/t1/remediation?task=${MFA.id}`,
    );
    expect(screen.queryByRole('checkbox')).toBeNull();

    await userEvent.click(screen.getAllByRole('link', { name: DETAIL.name })[0]!);
    expect(router.state.location.pathname).toBe('/service/tenants/acc1/t1/a1');
    const identity = await screen.findByRole('region', { name: 'Identity' }, T);
    expect(within(identity).getByText('Yes')).toBeTruthy();
    expect(within(identity).getByText('Note: Checked in March')).toBeTruthy();
    expect(screen.getByText('Viewing as system admin — read-only')).toBeTruthy();
    for (const name of [/Start assessment/, /Complete/, /Reopen/, /Delete/, /Mark as baseline/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says so when the tenant is not in that account', async () => {
    renderApp('/service/tenants/acc1/t9', ADMIN, {
      routes: {
        [`GET ${BASE}/t9`]: () =>
          jsonResponse(
            { error: { code: 'tenants.not_found', message: 'Client tenant not found.' } },
            404,
          ),
      },
    });
    expect(await screen.findByText('No such client tenant', {}, T)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the account’s client tenants' })).toBeTruthy();
  });
});
