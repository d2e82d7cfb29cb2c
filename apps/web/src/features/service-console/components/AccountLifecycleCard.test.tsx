import { Notifications, notifications } from '@mantine/notifications';
import type { AccountDeletion, AccountExport } from '@tenantry/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { AccountLifecycleCard } from './AccountLifecycleCard.tsx';

const T = { timeout: 5_000 };
const BASE = '/api/v1/service/accounts/acc1';
const LIST = `GET ${BASE}/exports`;
const CREATE = `POST ${BASE}/exports`;
const DELETION = `GET ${BASE}/deletion`;
const SCHEDULE = `POST ${BASE}/deletion`;
const CANCEL = `DELETE ${BASE}/deletion`;

const anExport = (over: Partial<AccountExport> = {}): AccountExport => ({
  id: 'e1',
  accountId: 'acc1',
  status: 'queued',
  progress: { done: 0, total: 0 },
  error: null,
  bytes: null,
  sha256: null,
  fileName: 'tenantry-export-Acme-2026-11-26.zip',
  requestedBy: { id: 'u1', email: 'staff@tenantry.test' },
  createdAt: '2026-11-26T08:00:00.000Z',
  finishedAt: null,
  expiresAt: '2099-12-03T08:00:00.000Z',
  ...over,
});

const deletion = (over: Partial<AccountDeletion> = {}): AccountDeletion => ({
  accountId: 'acc1',
  scheduled: null,
  canSchedule: false,
  blockedReason:
    'Export the account first: a deletion needs an export finished in the last 7 days.',
  deleteAfterIfScheduledNow: '2026-12-10T08:00:00.000Z',
  ...over,
});

function renderCard(routes: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(routes);
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <Notifications />
            <AccountLifecycleCard accountId="acc1" />
          </>
        ),
      },
    ],
    '/',
  );
  return calls;
}

describe('the account’s export and deletion card', () => {
  afterEach(() => {
    act(() => notifications.clean());
    vi.restoreAllMocks();
  });

  it('exports the account, follows its progress, then offers the download and the deletion', async () => {
    let listed: AccountExport[] = [];
    const polls = [
      anExport({ status: 'running', progress: { done: 42, total: 100 } }),
      anExport({
        status: 'done',
        progress: { done: 100, total: 100 },
        bytes: 52_000,
        sha256: 'ab'.repeat(32),
        finishedAt: '2026-11-26T08:00:05Z',
      }),
    ];
    let exported = false;
    const calls = renderCard({
      [LIST]: () => {
        if (exported) listed = [polls.length > 1 ? polls.shift()! : polls[0]!];
        return jsonResponse({ items: listed });
      },
      [CREATE]: () => {
        exported = true;
        return jsonResponse(anExport(), 202);
      },
      [DELETION]: () =>
        jsonResponse(
          listed[0]?.status === 'done'
            ? deletion({ canSchedule: true, blockedReason: null })
            : deletion(),
        ),
    });
    // Empty, and the deletion is refused until there is an export.
    expect(await screen.findByText('No exports yet.', {}, T)).toBeTruthy();
    const schedule = await screen.findByRole('button', { name: 'Schedule deletion…' }, T);
    expect(schedule.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/^Export the account first/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Export account' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progress of the export' }, T);
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByRole('button', { name: 'Exporting…' }).hasAttribute('disabled')).toBe(true);

    const link = await screen.findByRole('link', { name: /Download \(51 KB\)/ }, T);
    expect(link.getAttribute('href')).toBe(`${BASE}/exports/e1/download`);
    expect(link.getAttribute('download')).toBe('tenantry-export-Acme-2026-11-26.zip');
    expect(screen.queryByRole('progressbar')).toBeNull();
    // The finished export allows the deletion now.
    await vi.waitFor(
      () =>
        expect(
          screen.getByRole('button', { name: 'Schedule deletion…' }).hasAttribute('disabled'),
        ).toBe(false),
      T,
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('schedules the deletion with a reason and the date, then cancels it', async () => {
    let state = deletion({ canSchedule: true, blockedReason: null });
    const calls = renderCard({
      [LIST]: () => jsonResponse({ items: [anExport({ status: 'done', bytes: 10 })] }),
      [DELETION]: () => jsonResponse(state),
      [SCHEDULE]: () => {
        state = deletion({
          canSchedule: false,
          blockedReason: 'A deletion is already scheduled.',
          scheduled: {
            scheduledAt: '2026-11-26T08:00:00.000Z',
            deleteAfter: '2026-12-10T08:00:00.000Z',
            reason: 'Customer left',
            scheduledBy: { id: 'u1', email: 'staff@tenantry.test' },
          },
        });
        return jsonResponse(state);
      },
      [CANCEL]: () => {
        state = deletion({ canSchedule: true, blockedReason: null });
        return jsonResponse(state);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Schedule deletion…' }, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    const confirm = within(dialog).getByRole('button', { name: /^Delete on / });
    await userEvent.click(confirm);
    expect(await within(dialog).findByText('Say why the account is deleted.', {}, T)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Customer left');
    await userEvent.click(confirm);

    expect(await screen.findByText('Scheduled for deletion', {}, T)).toBeTruthy();
    expect(screen.getByText(/Reason: Customer left/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Customer left' });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel deletion' }));
    expect(await screen.findByRole('button', { name: 'Schedule deletion…' }, T)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('says when the exports cannot be loaded, and tries again', async () => {
    let fail = true;
    renderCard({
      [LIST]: () =>
        fail
          ? jsonResponse({ error: { code: 'common.internal', message: 'The server broke.' } }, 500)
          : jsonResponse({ items: [] }),
      [DELETION]: () => jsonResponse(deletion()),
    });
    expect(await screen.findByText('The exports could not be loaded', {}, T)).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No exports yet.', {}, T)).toBeTruthy();
  });
});
