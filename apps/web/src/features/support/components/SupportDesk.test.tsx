import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '#web/test/fixtures.ts';
import { renderRoutes, stubApi } from '#web/test/render-routes.tsx';
import { TICKET, TICKET_SUMMARY } from '../test/fixtures.ts';
import { SupportDesk } from './SupportDesk.tsx';

const T = { timeout: 5_000 };

const render = (path: string) =>
  renderRoutes([{ path: '/support', element: <SupportDesk /> }], path);

describe('the customer’s support desk', () => {
  it('says when there are no tickets yet', async () => {
    stubApi({ 'GET /api/v1/support/tickets': () => jsonResponse({ items: [], truncated: false }) });
    render('/support');
    expect(await screen.findByText(/No tickets yet/, {}, T)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New ticket' })).toBeTruthy();
  });

  it('lists tickets with their status as the customer reads it, linking to the thread', async () => {
    stubApi({
      'GET /api/v1/support/tickets': () =>
        jsonResponse({ items: [{ ...TICKET_SUMMARY, status: 'waiting' }], truncated: false }),
    });
    render('/support');
    const link = await screen.findByRole('link', { name: '#42 Export broken' }, T);
    expect(link.getAttribute('href')).toBe('/support?ticket=t1');
    expect(within(link.closest('li')!).getByText('Waiting for your reply')).toBeTruthy();
  });

  it('shows the thread with its screenshot and the staff’s answer, and closes it', async () => {
    const answered = {
      ...TICKET,
      status: 'waiting' as const,
      messages: [
        ...TICKET.messages,
        {
          id: 'm2',
          author: { id: 's1', name: 'Sam Staff' },
          authorKind: 'staff' as const,
          internal: false,
          body: 'Fixed.',
          attachments: [],
          createdAt: '2026-01-10T11:00:00.000Z',
        },
      ],
    };
    const calls = stubApi({
      'GET /api/v1/support/tickets/t1': () => jsonResponse(answered),
      'PATCH /api/v1/support/tickets/t1': () =>
        jsonResponse({ ...answered, status: 'closed', closedAt: '2026-01-10T12:00:00.000Z' }),
    });
    render('/support?ticket=t1');
    expect(await screen.findByRole('heading', { name: '#42 Export broken' }, T)).toBeTruthy();
    const fromStaff = screen.getByRole('listitem', { name: 'Message from Tenantry support' });
    expect(within(fromStaff).getByText('Fixed.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Attachment 1' }).getAttribute('src')).toBe(
      '/api/v1/support/tickets/t1/attachments/img1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByRole('button', { name: 'Reopen' }, T)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'closed' });
  });

  it('says plainly when a ticket is not there to see', async () => {
    stubApi({});
    render('/support?ticket=nope');
    expect(await screen.findByText(/no such ticket/, {}, T)).toBeTruthy();
  });

  it('refuses an empty new ticket before sending it', async () => {
    const calls = stubApi({});
    render('/support?new=1');
    await userEvent.click(await screen.findByRole('button', { name: 'Send ticket' }, T));
    expect(await screen.findByText('Give the ticket a subject.', {}, T)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
