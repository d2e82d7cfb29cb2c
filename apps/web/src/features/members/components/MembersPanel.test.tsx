import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { jsonResponse } from '#web/test/fixtures.ts';
import { MembersPanel } from './MembersPanel.tsx';

const T = { timeout: 5_000 };

const OWNER = {
  userId: 'u1',
  name: 'Olive Owner',
  email: 'olive@example.com',
  role: 'owner',
  joinedAt: '2026-01-01T00:00:00.000Z',
  secondFactor: false,
  tenantAccess: { mode: 'all', tenants: [], tags: [], version: 0 },
};
const MEMBER = {
  userId: 'u2',
  name: 'Mia Member',
  email: 'mia@example.com',
  role: 'member',
  joinedAt: '2026-01-02T00:00:00.000Z',
  secondFactor: false,
  tenantAccess: { mode: 'all', tenants: [], tags: [], version: 3 },
};
const TENANTS = [
  { id: 't1', name: 'Acme' },
  { id: 't2', name: 'Globex' },
].map((t) => ({
  ...t,
  industry: null,
  size: null,
  tags: [],
  archivedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  latest: null,
  openAssessments: 0,
  openTasks: 0,
  nextTaskDue: null,
  nextAssessmentDue: null,
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(members: unknown[], put?: (body: unknown) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/v1/members' && method === 'GET') return jsonResponse({ members });
    if (url === '/api/v1/invitations') return jsonResponse({ invitations: [] });
    if (url.startsWith('/api/v1/tenants?')) {
      const q = new URL(url, 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
      return jsonResponse({
        tenants: TENANTS.filter((t) => t.name.toLowerCase().includes(q)),
        nextCursor: null,
      });
    }
    if (url === '/api/v1/members/u2/tenant-access' && method === 'PUT' && put) {
      return put(JSON.parse(String(init?.body)));
    }
    return jsonResponse({ error: { code: 'common.not_found', message: 'no' } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(props: { myRole: 'owner' | 'admin' | 'member'; myAccessLimited?: boolean }) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider>
        <MemoryRouter>
          <MembersPanel myUserId="u1" {...props} />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('client-tenant access on the members screen', () => {
  it('shows each member’s access; a member sees it but cannot change it', async () => {
    serve([
      OWNER,
      {
        ...MEMBER,
        tenantAccess: {
          mode: 'only',
          tenants: [{ id: 't1', name: 'Acme', archived: false }],
          tags: [],
          version: 3,
        },
      },
      { ...MEMBER, userId: 'u3', name: 'Tia', tenantAccess: null },
    ]);
    show({ myRole: 'member' });
    const table = await screen.findByRole('table', { name: 'Members' }, T);
    expect(within(table).getAllByText('All client tenants').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('1 client tenant').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /Change the client-tenant access/ })).toBeNull();
  });

  it('an owner limits a member to one tenant: the dialog sends it at the version read', async () => {
    const bodies: unknown[] = [];
    serve([OWNER, MEMBER], (body) => {
      bodies.push(body);
      return jsonResponse({
        ...MEMBER,
        tenantAccess: {
          mode: 'only',
          tenants: [{ id: 't1', name: 'Acme', archived: false }],
          tags: [],
          version: 4,
        },
      });
    });
    show({ myRole: 'owner' });
    expect(
      screen.queryByRole('button', { name: 'Edit the client-tenant access of Olive Owner' }),
    ).toBeNull();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the client-tenant access of Mia Member' }, T),
    );
    const dialog = await screen.findByRole('dialog', {}, T);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Only these' }));
    const picker = within(dialog).getByLabelText('Client tenants they reach');
    await userEvent.type(picker, 'acm');
    // The server searches: its answer fills the list.
    await userEvent.click(await screen.findByRole('option', { name: 'Acme', hidden: true }, T));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save access' }));
    await vi.waitFor(() =>
      expect(bodies).toEqual([{ mode: 'only', tenantIds: ['t1'], version: 3 }]),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a 409 shows the access as it is now, to save again at its version', async () => {
    const bodies: unknown[] = [];
    serve([OWNER, MEMBER], (body) => {
      bodies.push(body);
      if (bodies.length === 1) {
        return jsonResponse(
          {
            error: {
              code: 'members.access_conflict',
              message: 'Changed since.',
              details: { current: { mode: 'tags', tenants: [], tags: ['finance'], version: 5 } },
            },
          },
          409,
        );
      }
      return jsonResponse(MEMBER);
    });
    show({ myRole: 'owner' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the client-tenant access of Mia Member' }, T),
    );
    const dialog = await screen.findByRole('dialog', {}, T);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Tagged' }));
    await userEvent.type(within(dialog).getByLabelText('Tags'), 'retail{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save access' }));
    expect(
      await within(dialog).findByText(/Someone changed this access meanwhile/, {}, T),
    ).toBeTruthy();
    expect(within(dialog).getByText('finance')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save access' }));
    await vi.waitFor(() =>
      expect(bodies.at(-1)).toEqual({ mode: 'tags', tags: ['finance'], version: 5 }),
    );
  });

  it('a limited admin changes no one’s access and invites no one', async () => {
    serve([OWNER, MEMBER]);
    show({ myRole: 'admin', myAccessLimited: true });
    await screen.findByRole('table', { name: 'Members' }, T);
    expect(screen.queryByRole('button', { name: /Change the client-tenant access/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Invit/ })).toBeNull();
  });
});
