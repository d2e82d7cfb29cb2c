import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * Support (modules/support). A customer's routes act on their own account: anyone signed in
 * with an account lists, opens and searches help on their own (`self`); the victim's ticket
 * was opened by its owner, so of the victim account only owners and admins reach it (a member
 * gets 404 like everyone else). The service console's routes are for system admins only.
 * support.test.ts reads the rows back after refused calls too.
 */
const one = (ids: WorldIds) => `/api/v1/support/tickets/${ids.supportTicketId}`;
const staffOne = (ids: WorldIds) => `/api/v1/service/support/tickets/${ids.supportTicketId}`;
const ACCOUNT_ADMINS = ['owner', 'admin'] as const;

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/support/tickets',
    allow: ['self', 'member'],
    request: () => ({ path: '/api/v1/support/tickets?status=open' }),
  },
  {
    route: 'POST /api/v1/support/tickets',
    allow: ['self', 'member'],
    request: () => ({
      path: '/api/v1/support/tickets',
      json: { subject: 'Outsider ticket', category: 'question', body: 'Hello' },
    }),
  },
  {
    route: 'GET /api/v1/support/tickets/{id}',
    allow: ACCOUNT_ADMINS,
    request: (ids) => ({ path: one(ids) }),
  },
  {
    route: 'PATCH /api/v1/support/tickets/{id}',
    allow: ACCOUNT_ADMINS,
    request: (ids) => ({ path: one(ids), json: { status: 'closed' } }),
  },
  {
    route: 'POST /api/v1/support/tickets/{id}/messages',
    allow: ACCOUNT_ADMINS,
    request: (ids) => ({ path: `${one(ids)}/messages`, json: { body: 'More detail' } }),
  },
  {
    route: 'GET /api/v1/support/tickets/{id}/attachments/{mediaId}',
    allow: ACCOUNT_ADMINS,
    request: (ids) => ({ path: `${one(ids)}/attachments/${ids.supportAttachmentId}` }),
  },
  {
    route: 'POST /api/v1/support/attachments',
    allow: ['self', 'member'],
    // A multipart upload; the suite sends JSON bodies only. support.test.ts uploads.
    control: 'none',
    request: () => ({ path: '/api/v1/support/attachments', json: {} }),
  },
  {
    route: 'GET /api/v1/support/help',
    allow: ['self', 'member'],
    request: () => ({ path: '/api/v1/support/help?q=victim%20article' }),
  },
  {
    route: 'GET /api/v1/service/support/tickets',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/support/tickets?sort=waiting' }),
  },
  {
    route: 'GET /api/v1/service/support/tickets/{id}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: staffOne(ids) }),
  },
  {
    route: 'PATCH /api/v1/service/support/tickets/{id}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: staffOne(ids), json: { priority: 'high' } }),
  },
  {
    route: 'POST /api/v1/service/support/tickets/{id}/messages',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${staffOne(ids)}/messages`, json: { body: 'Staff answer' } }),
  },
  {
    route: 'GET /api/v1/service/support/tickets/{id}/attachments/{mediaId}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${staffOne(ids)}/attachments/${ids.supportAttachmentId}` }),
  },
  {
    route: 'GET /api/v1/service/support/staff',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/support/staff' }),
  },
  {
    route: 'GET /api/v1/service/support/canned',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/support/canned' }),
  },
  {
    route: 'POST /api/v1/service/support/canned',
    allow: ['systemadmin'],
    request: () => ({
      path: '/api/v1/service/support/canned',
      json: { title: 'Outsider canned', body: 'Hello' },
    }),
  },
  {
    route: 'PUT /api/v1/service/support/canned/{id}',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/support/canned/${ids.supportCannedId}`,
      json: { title: 'Changed', body: 'Hello again' },
    }),
  },
  {
    route: 'DELETE /api/v1/service/support/canned/{id}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `/api/v1/service/support/canned/${ids.supportCannedId}` }),
  },
];
