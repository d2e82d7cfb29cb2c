import { randomBytes } from 'node:crypto';
import type { OutsiderCase } from '../types.ts';

/** A fresh outside address per call, so a control's share is never a 409. */
const outsideEmail = () => `outsider-share-${randomBytes(6).toString('hex')}@example.com`;

export const cases: OutsiderCase[] = [
  {
    route: 'POST /api/v1/tenants/{tenantId}/shares',
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/tenants/${ids.tenantId}/shares`,
      json: { email: outsideEmail(), role: 'viewer' },
    }),
  },
  {
    // Members of the victim account may read its shares; nobody else.
    route: 'GET /api/v1/tenants/{tenantId}/shares',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({ path: `/api/v1/tenants/${ids.tenantId}/shares` }),
  },
  {
    // The session's own account's shares: another account's owner gets its own (empty) list,
    // a shared user 403; the suite checks that no victim data leaks into either answer.
    route: 'GET /api/v1/shares',
    allow: ['self'],
    request: () => ({ path: '/api/v1/shares' }),
  },
  {
    route: 'PATCH /api/v1/shares/{id}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/shares/${ids.shareGrantId}`, json: { role: 'viewer' } }),
  },
  {
    route: 'DELETE /api/v1/shares/{id}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/shares/${ids.shareGrantId}` }),
  },
  {
    // The shared sign-in page asks who shared the tenant, by the share id of its link: anyone
    // holding the link may read the sharing account's name (never its id, the share's id or
    // the address); without a live share the answer is the same shape with no name.
    route: 'GET /api/v1/shared-signin/{tenantId}/shares/{shareId}',
    allow: ['public'],
    request: (ids) => ({
      path: `/api/v1/shared-signin/${ids.tenantId}/shares/${ids.shareGrantId}`,
    }),
  },
  {
    // Guests ask for a code; the answer is the same whether or not the address has a share.
    // It writes only a verification row and the mailbox (not tenant-owned data).
    route: 'POST /api/v1/shared-signin/{tenantId}/code',
    allow: ['public'],
    mutates: false,
    request: (ids) => ({
      path: `/api/v1/shared-signin/${ids.tenantId}/code`,
      json: { email: ids.shareGrantEmail },
    }),
  },
  {
    // A guest route; a wrong code answers 400 to everyone and signs nobody in. No control: a
    // valid code exists only in the mailbox (the full flow is in modules/sharing/sharing.test.ts).
    route: 'POST /api/v1/shared-signin/{tenantId}/verify',
    allow: ['public'],
    mutates: false,
    control: 'none',
    request: (ids) => ({
      path: `/api/v1/shared-signin/${ids.tenantId}/verify`,
      json: { email: ids.shareGrantEmail, code: '000000' },
    }),
  },
];
