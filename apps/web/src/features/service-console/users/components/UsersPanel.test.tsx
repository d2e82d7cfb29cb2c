import type { ServiceUserDetail, ServiceUserList, ServiceUserRow } from '@tenantry/shared';
import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { UserPage } from './UserPage.tsx';
import { UsersPanel } from './UsersPanel.tsx';

const T = { timeout: 5_000 };
const API = '/api/v1/service/users';

const row = (over: Partial<ServiceUserRow>): ServiceUserRow => ({
  id: 'u1',
  email: 'ann@acme.test',
  name: 'Ann',
  emailVerified: true,
  systemAdmin: false,
  systemDeveloper: false,
  disabled: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

const ROWS = [
  row({}),
  row({ id: 'u2', email: 'bob@acme.test', name: 'Bob', disabled: true }),
  row({ id: 'u3', email: 'cy@globex.test', name: 'Cy', systemAdmin: true, emailVerified: false }),
];

const DETAIL: ServiceUserDetail = {
  ...row({ emailVerified: false }),
  updatedAt: '2026-03-02T10:00:00.000Z',
  disabledReason: null,
  secondFactor: { available: true, enrolled: false, totp: false, passkeys: 0 },
  memberships: [
    {
      accountId: 'a1',
      accountName: 'Acme',
      role: 'owner',
      joinedAt: '2026-03-01T10:00:00.000Z',
      accountSuspended: false,
    },
  ],
  shares: [],
  sessions: [
    {
      id: 's1',
      createdAt: '2026-03-03T10:00:00.000Z',
      updatedAt: '2026-03-03T10:00:00.000Z',
      lastActiveAt: '2026-03-03T11:00:00.000Z',
      expiresAt: '2026-04-03T10:00:00.000Z',
      ipAddress: '203.0.113.9',
      userAgent: 'Firefox',
      sharedTenantId: null,
      impersonatedBy: null,
      impersonatedByEmail: null,
    },
  ],
  signIns: [
    {
      id: 'e1',
      createdAt: '2026-03-03T09:59:00.000Z',
      succeeded: false,
      method: 'password',
      secondFactor: null,
      reason: 'invalid_credentials',
      ipAddress: '203.0.113.9',
      userAgent: 'Firefox',
    },
  ],
};

afterEach(() => {
  act(() => notifications.clean());
});

describe('the users tab', () => {
  it('lists users, searches with the query in the URL, and pages on', async () => {
    const calls = stubApi({
      [`GET ${API}`]: (_init, url) => {
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const matching = ROWS.filter((r) => !q || r.email.startsWith(q));
        const start = Number(url.searchParams.get('cursor') ?? 0);
        const body: ServiceUserList = {
          items: matching.slice(start, start + 2),
          nextCursor: start + 2 < matching.length ? String(start + 2) : null,
        };
        return jsonResponse(body);
      },
    });
    const router = renderRoutes(
      [{ path: '/service/users', element: <UsersPanel /> }],
      '/service/users',
    );
    const table = await screen.findByRole('table', { name: 'Users' }, T);
    expect(within(table).getByRole('link', { name: 'ann@acme.test' }).getAttribute('href')).toBe(
      '/service/users/u1',
    );
    expect(within(table).getByText('Disabled')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getByText('System admin')).toBeTruthy(), T);
    expect(within(table).getByText('Not verified')).toBeTruthy();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'cy');
    await waitFor(() => expect(router.state.location.search).toBe('?q=cy'), T);
    await waitFor(() => expect(within(table).queryByText('ann@acme.test')).toBeNull(), T);
    expect(calls.some((c) => c.url.searchParams.get('q') === 'cy')).toBe(true);
  });

  it('says when nothing matches', async () => {
    stubApi({ [`GET ${API}`]: () => jsonResponse({ items: [], nextCursor: null }) });
    renderRoutes(
      [{ path: '/service/users', element: <UsersPanel /> }],
      '/service/users?role=developer',
    );
    expect(await screen.findByText('No users match.', {}, T)).toBeTruthy();
  });
});

describe('a user page', () => {
  it('shows the user and ends a session after confirming', async () => {
    let ended = false;
    const calls = stubApi({
      [`GET ${API}/u1`]: () => jsonResponse(ended ? { ...DETAIL, sessions: [] } : DETAIL),
      [`DELETE ${API}/u1/sessions/s1`]: () => {
        ended = true;
        return jsonResponse({ sessionsEnded: 1 });
      },
    });
    renderRoutes(
      [{ path: '/service/users/:id', element: <UserPage id="u1" /> }],
      '/service/users/u1',
    );
    expect(await screen.findByRole('heading', { name: 'ann@acme.test' }, T)).toBeTruthy();
    expect(screen.getByText('Not enrolled')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      '/service/accounts/a1',
    );
    expect(screen.getByText('Refused: Wrong e-mail or password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification' })).toBeTruthy();

    const sessions = screen.getByRole('table', { name: 'Sessions' });
    await userEvent.click(within(sessions).getByRole('button', { name: 'End' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    await userEvent.click(within(dialog).getByRole('button', { name: 'End session' }));
    expect(await screen.findByText('Not signed in anywhere.', {}, T)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${API}/u1/sessions/s1`)).toBe(
      true,
    );
  });

  it('says so when the user cannot be loaded', async () => {
    stubApi({});
    renderRoutes(
      [{ path: '/service/users/:id', element: <UserPage id="nobody" /> }],
      '/service/users/nobody',
    );
    expect(await screen.findByText('The user could not be loaded', {}, T)).toBeTruthy();
  });
});
