import type { SupportMessage, SupportTicketDetail } from '@tenantry/shared';

export const MESSAGE: SupportMessage = {
  id: 'm1',
  author: { id: 'u1', name: 'Mia Member' },
  authorKind: 'customer',
  internal: false,
  body: 'The **export** does nothing.',
  attachments: [{ id: 'img1', url: '/api/v1/support/tickets/t1/attachments/img1' }],
  createdAt: '2026-01-10T10:00:00.000Z',
};

export const TICKET: SupportTicketDetail = {
  id: 't1',
  number: 42,
  accountId: 'a1',
  accountName: 'Acme',
  subject: 'Export broken',
  category: 'problem',
  priority: 'high',
  status: 'open',
  pagePath: '/tenant/x/remediation',
  appVersion: '123',
  createdBy: { id: 'u1', name: 'Mia Member' },
  assignee: null,
  messageCount: 1,
  awaitingSince: '2026-01-10T10:00:00.000Z',
  lastMessageAt: '2026-01-10T10:00:00.000Z',
  createdAt: '2026-01-10T10:00:00.000Z',
  resolvedAt: null,
  closedAt: null,
  messages: [MESSAGE],
};

export const { messages: _messages, ...TICKET_SUMMARY } = TICKET;
