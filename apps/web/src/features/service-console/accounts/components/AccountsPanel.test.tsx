import type { ServiceAccountPage, ServiceAccountRow } from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { AccountsPanel } from './AccountsPanel.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/service/accounts';

const row = (
  id: string,
  name: string,
  over: Partial<ServiceAccountRow> = {},
): ServiceAccountRow => ({
  id,
  name,
  ownerEmail: `owner@${name.toLowerCase()}.test`,
  plan: 'pro',
  status: 'active',
  comped: false,
  suspended: false,
  members: 2,
  tenants: 3,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastActiveAt: null,
  ...over,
});
const ROWS = [row('a1', 'Acme'), row('a2', 'Globex', { suspended: true }), row('a3', 'Initech')];

function renderPanel(path = '/service/accounts') {
  const calls = stubApi({
    [`GET ${API}`]: (_init, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const suspended = url.searchParams.get('suspended');
      const listed = ROWS.filter(
        (r) =>
          (!q || r.name.toLowerCase().includes(q) || r.ownerEmail?.includes(q)) &&
          (!suspended || String(r.suspended) === suspended),
      );
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const body: ServiceAccountPage = {
        items: listed.slice(start, start + 2),
        nextCursor: start + 2 < listed.length ? String(start + 2) : null,
      };
      return jsonResponse(body);
    },
  });
  const router = renderRoutes([{ path: '/service/accounts', element: <AccountsPanel /> }], path);
  return { calls, router };
}

const names = async () =>
  within(await screen.findByRole('table', { name: 'Accounts' }, T))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('AccountsPanel', () => {
  it('lists accounts with links to their pages, and loads more', async () => {
    renderPanel();
    await waitFor(async () => expect(await names()).toEqual(['Acme', 'Globex']), T);
    expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      '/service/accounts/a1',
    );
    const table = screen.getByRole('table', { name: 'Accounts' });
    expect(within(table).getByText('Suspended')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await names()).toEqual(['Acme', 'Globex', 'Initech']), T);
  });

  it('searches through the URL and says when nothing matches', async () => {
    const { calls, router } = renderPanel('/service/accounts?suspended=true');
    await waitFor(async () => expect(await names()).toEqual(['Globex']), T);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByText('No accounts match.', {}, T)).toBeTruthy();
    expect(router.state.location.search).toContain('q=nobody');
    const last = calls.filter((c) => c.path === API).at(-1)!;
    expect(last.url.searchParams.get('suspended')).toBe('true');
    expect(last.url.searchParams.get('q')).toBe('nobody');
  });
});
