import { ACCOUNT_PERMISSIONS, type AccountRole } from '@tenantry/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD } from '#web/features/dashboard/test/fixtures.ts';
import { analytics } from '#web/lib/analytics.ts';
import { USER, jsonResponse } from '#web/test/fixtures.ts';
import { renderApp } from '#web/test/render-app.tsx';

const T = { timeout: 5_000 };

function account(role: AccountRole) {
  return {
    id: 'acc1',
    name: 'Northwind Consulting',
    logoUrl: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    role,
    permissions: Object.entries(ACCOUNT_PERMISSIONS)
      .filter(([, roles]) => (roles as readonly string[]).includes(role))
      .map(([p]) => p),
    tenantAccessLimited: false,
  };
}

const AUDIT = {
  entries: Array.from({ length: 10 }, (_, i) => ({
    id: `e${i}`,
    action: 'tenants.created',
    actorEmail: 'robin@example.test',
    targetType: 'tenant',
    targetId: `t${i}`,
    data: { name: `Tenant ${i}` },
    createdAt: '2026-03-01T10:00:00.000Z',
  })),
  nextCursor: 'more',
};

const routes = (role: AccountRole) => ({
  'GET /api/v1/account': () => jsonResponse(account(role)),
  'GET /api/v1/dashboard': () => jsonResponse(DASHBOARD),
  'GET /api/v1/audit': () => jsonResponse(AUDIT),
});

describe('the home screen', () => {
  beforeEach(async () => {
    await analytics.flush();
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
    });
  });
  afterEach(async () => {
    await analytics.flush();
  });

  it.each(['owner', 'admin'] as const)(
    'greets the %s and shows the dashboard with the recent activity',
    async (role) => {
      renderApp('/', USER, { routes: routes(role) });
      expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' }, T)).toBeTruthy();
      expect(screen.getByText(/Hello,/)).toBeTruthy();
      expect(screen.queryByText('Your dashboard: coming soon')).toBeNull();
      const activity = await screen.findByRole('region', { name: 'Recent activity' }, T);
      await within(activity).findByText('Created the client tenant “Tenant 0”', {}, T);
      expect(within(activity).getAllByText(/Created the client tenant/)).toHaveLength(8);
      expect(screen.getByRole('region', { name: 'Open assessments' })).toBeTruthy();
    },
  );

  it('names the role in the account, never "Role: User"', async () => {
    renderApp('/', USER, { routes: routes('admin') });
    await screen.findByRole('heading', { level: 1, name: 'Welcome' }, T);
    expect(await screen.findByText('Admin', {}, T)).toBeTruthy();
    expect(screen.queryByText(/Role:/)).toBeNull();
  });

  it('keeps the checklist until an assessment has a respondent, and remembers it hidden', async () => {
    window.localStorage.clear();
    const first = renderApp('/', USER, { routes: routes('owner') });
    const checklist = await screen.findByRole('region', { name: 'Getting started' }, T);
    // The dashboard fixture has open assessments and a respondent: those steps are ticked.
    await within(checklist).findByText('You sent a respondent link', {}, T);
    await userEvent.click(within(checklist).getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    first.unmount();
    renderApp('/', USER, { routes: routes('owner') });
    await screen.findByRole('button', { name: /Show the getting-started checklist/ }, T);
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    window.localStorage.clear();
  });

  it('leaves the activity out for a member, without asking for the audit log', async () => {
    const { calls } = renderApp('/', USER, { routes: routes('member') });
    await screen.findByRole('region', { name: 'Open assessments' }, T);
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/api/v1/audit'))).toBe(false);
  });
});
