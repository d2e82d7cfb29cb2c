import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { TICKET, TICKET_SUMMARY } from '../test/fixtures.ts';
import { SupportQueuePanel } from './SupportQueuePanel.tsx';

const T = { timeout: 5_000 };
const STAFF = { items: [{ id: 's1', name: 'Sam Staff' }] };

describe('the service console’s support tab', () => {
  it('lists the queue, filters kept in the URL', async () => {
    const calls = stubApi({
      'GET /api/v1/service/support/tickets': () =>
        jsonResponse({ items: [TICKET_SUMMARY], truncated: false }),
      'GET /api/v1/service/support/staff': () => jsonResponse(STAFF),
    });
    renderRoutes(
      [{ path: '/service/support', element: <SupportQueuePanel /> }],
      '/service/support?status=open',
    );
    const table = await screen.findByRole('table', { name: 'Support tickets' }, T);
    expect(within(table).getByRole('link', { name: '#42 Export broken' })).toBeTruthy();
    expect(within(table).getByText('Acme')).toBeTruthy();
    const asked = calls.find((c) => c.path === '/api/v1/service/support/tickets');
    expect(asked?.url.searchParams.get('status')).toBe('open');
    expect(asked?.url.searchParams.get('sort')).toBe('waiting');
  });

  it('says when nothing matches', async () => {
    stubApi({
      'GET /api/v1/service/support/tickets': () => jsonResponse({ items: [], truncated: false }),
      'GET /api/v1/service/support/staff': () => jsonResponse(STAFF),
    });
    renderRoutes(
      [{ path: '/service/support', element: <SupportQueuePanel /> }],
      '/service/support',
    );
    expect(await screen.findByText('No tickets match these filters.', {}, T)).toBeTruthy();
  });

  it('shows a ticket with its internal note marked, and assigns it', async () => {
    const withNote = {
      ...TICKET,
      messages: [
        ...TICKET.messages,
        {
          id: 'n1',
          author: { id: 's1', name: 'Sam Staff' },
          authorKind: 'staff' as const,
          internal: true,
          body: 'Probably the CSV worker.',
          attachments: [],
          createdAt: '2026-01-10T10:30:00.000Z',
        },
      ],
    };
    const calls = stubApi({
      'GET /api/v1/service/support/tickets/t1': () => jsonResponse(withNote),
      'PATCH /api/v1/service/support/tickets/t1': () =>
        jsonResponse({ ...withNote, assignee: { id: 's1', name: 'Sam Staff' } }),
      'GET /api/v1/service/support/staff': () => jsonResponse(STAFF),
      'GET /api/v1/service/support/canned': () => jsonResponse({ items: [] }),
    });
    renderRoutes(
      [{ path: '/service/support/:focus', element: <SupportQueuePanel focus="t1" /> }],
      '/service/support/t1',
    );
    const note = await screen.findByRole('listitem', { name: 'Internal note' }, T);
    expect(within(note).getByText('Internal note: customers never see it')).toBeTruthy();
    expect(screen.getByText(/Page: \/tenant\/x\/remediation/)).toBeTruthy();
    const input = (screen.queryByRole('combobox', { name: 'Assignee' }) ??
      screen.getByRole('textbox', { name: 'Assignee' })) as HTMLInputElement;
    await userEvent.click(input);
    const list = await waitFor(() => {
      const el = document.getElementById(input.getAttribute('aria-controls') ?? '');
      if (!el) throw new Error('The assignees are not open');
      return el;
    }, T);
    await userEvent.click(within(list).getByRole('option', { name: 'Sam Staff', hidden: true }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true), T);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ assigneeId: 's1' });
  });
});
