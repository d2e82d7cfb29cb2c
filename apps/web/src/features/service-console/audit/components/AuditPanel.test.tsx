import type {
  AuditChainVerification,
  AuditVerification,
  ServiceAuditEntry,
} from '@tenantry/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import type { ExtraRoutes } from '#web/test/render-app.tsx';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { AuditPanel, type DescribeEntry } from './AuditPanel.tsx';

/** Stands in for the audit feature's labels (tested in features/audit). */
const describe_: DescribeEntry = (e) => `${e.action} ${String(e.data.email ?? e.data.name ?? '')}`;

const T = { timeout: 5_000 };
const API = '/api/v1/service/audit';

const entry = (over: Partial<ServiceAuditEntry>): ServiceAuditEntry => ({
  id: 'e1',
  createdAt: '2026-03-01T10:00:00.000Z',
  action: 'auth.signed_in',
  actorUserId: 'u1',
  actorEmail: 'sam@tenantry.test',
  accountId: null,
  accountName: null,
  targetType: 'user',
  targetId: 'u1',
  data: { email: 'sam@tenantry.test', method: 'password' },
  ipAddress: '198.51.100.7',
  chainSeq: 12,
  ...over,
});

const ENTRIES = [
  entry({ id: 'e1' }),
  entry({
    id: 'e2',
    action: 'auth.sign_in_failed',
    actorUserId: null,
    actorEmail: null,
    targetId: null,
    data: { email: 'nobody@x.test', method: 'password', reason: 'invalid_credentials' },
    chainSeq: null,
  }),
  entry({
    id: 'e3',
    action: 'tenants.created',
    accountId: 'acc-1',
    accountName: 'Acme',
    targetType: 'tenant',
    targetId: 't1',
    data: { name: 'Client One' },
    ipAddress: null,
  }),
];

/** The API as the server would answer: action filter (exact or prefix), pages of 2. */
function renderPanel({ path = '/service/audit', routes = {} as ExtraRoutes } = {}) {
  const calls = stubApi({
    [`GET ${API}`]: (_init, url) => {
      const action = url.searchParams.get('action') ?? '';
      const listed = ENTRIES.filter((e) =>
        !action ? true : action.endsWith('.') ? e.action.startsWith(action) : e.action === action,
      );
      const start = Number(url.searchParams.get('cursor') ?? 0);
      return jsonResponse({
        entries: listed.slice(start, start + 2),
        nextCursor: start + 2 < listed.length ? String(start + 2) : null,
      });
    },
    [`GET ${API}/verify`]: () => jsonResponse({ verification: null }),
    ...routes,
  });
  const router = renderRoutes(
    [{ path: '/service/audit', element: <AuditPanel describe={describe_} /> }],
    path,
  );
  return { calls, router };
}

const table = () => screen.findByRole('table', { name: 'Audit log' }, T);
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);

describe('the audit tab of the service console', () => {
  it('shows time, actor, account, readable action, target and address; “Load more” adds the next page', async () => {
    renderPanel();
    const [first, second] = await rows();
    expect(within(first!).getByText('auth.signed_in sam@tenantry.test')).toBeTruthy();
    expect(within(first!).getByText('198.51.100.7')).toBeTruthy();
    expect(within(first!).getByRole('link', { name: 'u1' }).getAttribute('href')).toBe(
      '/service/users/u1',
    );
    expect(within(second!).getByText('Unknown')).toBeTruthy();
    expect(within(second!).getByText('auth.sign_in_failed nobody@x.test')).toBeTruthy();
    expect(within(second!).getByText('Not sealed yet')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(3), T);
    const third = (await rows())[2]!;
    expect(within(third).getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe(
      '/service/accounts/acc-1',
    );
    expect(within(third).getByText('tenants.created Client One')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads the filters from the URL, asks the server with them, and exports the same', async () => {
    const { calls } = renderPanel({
      path: '/service/audit?action=auth.&actor=sam%40tenantry.test&from=2026-03-01&to=2026-03-02',
    });
    await rows();
    const url = calls.filter((c) => c.path === API).at(-1)!.url;
    expect(url.searchParams.get('action')).toBe('auth.');
    expect(url.searchParams.get('actor')).toBe('sam@tenantry.test');
    const from = Date.parse(url.searchParams.get('from')!);
    const to = Date.parse(url.searchParams.get('to')!);
    expect(to - from).toBe(2 * 86_400_000);
    const csv = screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')!;
    expect(csv).toMatch(/^\/api\/v1\/service\/audit\/export\?/);
    const qs = new URL(csv, 'http://x').searchParams;
    expect(qs.get('format')).toBe('csv');
    expect(qs.get('action')).toBe('auth.');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('typing an actor writes the URL once typing pauses', { timeout: 15_000 }, async () => {
    const { router } = renderPanel();
    await rows();
    await userEvent.type(screen.getByRole('textbox', { name: 'Actor' }), 'sam@tenantry.test');
    await waitFor(() => expect(router.state.location.search).toBe('?actor=sam%40tenantry.test'), T);
  });

  it('says when nothing matches, and when nothing is recorded', async () => {
    renderPanel({ path: '/service/audit?action=billing.' });
    expect(await screen.findByText('No entries match these filters.', {}, T)).toBeTruthy();
  });

  it('shows a load failure with “Try again”', async () => {
    renderPanel({
      routes: {
        [`GET ${API}`]: () =>
          jsonResponse({ error: { code: 'common.internal', message: 'Something broke.' } }, 500),
      },
    });
    expect(await screen.findByText('The audit entries could not be loaded', {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('verifies the chain by a job, shows its progress, and says plainly where it breaks', async () => {
    const broken: AuditChainVerification = {
      ok: false,
      checked: 41,
      firstBrokenSeq: 42,
      reason: 'hash_mismatch',
      unsealed: 2,
    };
    const running: AuditVerification = {
      id: 'v1',
      state: 'running',
      checked: 20,
      total: 80,
      result: null,
      error: null,
      requestedBy: 'sam@tenantry.test',
      createdAt: '2026-03-01T10:00:00.000Z',
      finishedAt: null,
    };
    const done: AuditVerification = {
      ...running,
      state: 'done',
      checked: 41,
      result: broken,
      finishedAt: '2026-03-01T10:00:05.000Z',
    };
    let polled = 0;
    const { calls } = renderPanel({
      routes: {
        [`POST ${API}/verify`]: () => jsonResponse(running, 202),
        // Before the request: none yet; then running once, then done.
        [`GET ${API}/verify`]: () => {
          const posted = calls.some((c) => c.method === 'POST');
          if (!posted) return jsonResponse({ verification: null });
          polled += 1;
          return jsonResponse({ verification: polled === 1 ? running : done });
        },
      },
    });
    await rows();
    await userEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('Verifying: 20 of 80 entries checked', {}, T)).toBeTruthy();
    const status = await screen.findByText('The audit chain is broken at entry #42', {}, T);
    expect(status).toBeTruthy();
    expect(
      screen.getByText(
        'At entry #42 an entry was changed after it was sealed. 41 entries before it verified. 2 newer entries are not sealed yet (within seconds).',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${API}/verify`)).toBe(true);
  });
});
