import type { OutsiderCase } from '../types.ts';

/*
 * Account, members, invitations and audit (modules/accounts, modules/members, modules/audit).
 *
 * Routes without an id act on the caller's OWN account (the account comes from the session,
 * never the request), so an owner of another account legitimately succeeds on theirs: those
 * are `self` here. That the victim's `member` cannot rename, upload, invite, list invitations
 * or read the audit log is asserted in accounts.test.ts, invitations.test.ts and audit.test.ts.
 * Routes that name a victim id are refused to everyone but the victim's owners/admins.
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/account',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account' }),
  },
  {
    route: 'PATCH /api/v1/account',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account', json: { name: 'Renamed in the outsider suite' } }),
  },
  {
    // The suite sends JSON only; an image body is needed for a 2xx (accounts.test.ts uploads
    // PNG, JPEG and WebP). Every persona here gets 401/403 or a 400 for its own account.
    route: 'PUT /api/v1/account/logo',
    allow: ['self'],
    control: 'none',
    request: () => ({ path: '/api/v1/account/logo', json: 'not an image' }),
  },
  {
    route: 'GET /api/v1/account/logo',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/logo' }),
  },
  {
    // The brand (docs/branding.md) is the session's account's: nothing names another account.
    route: 'GET /api/v1/account/brand',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/brand' }),
  },
  {
    route: 'PUT /api/v1/account/brand',
    allow: ['self'],
    request: () => ({
      path: '/api/v1/account/brand',
      json: { color: '#1864ab', displayName: 'Outsider', replyTo: null, emailFooter: null },
    }),
  },
  {
    // Public by id: the respondent page, the shared sign-in and e-mails show the logo, the id
    // being the authority (as a respondent's token is); it writes nothing.
    route: 'GET /api/v1/brand-logos/{id}',
    allow: ['public'],
    request: (ids) => ({ path: `/api/v1/brand-logos/${ids.logoMediaId}` }),
  },
  {
    route: 'GET /api/v1/members',
    allow: ['self'],
    request: () => ({ path: '/api/v1/members' }),
  },
  {
    route: 'PATCH /api/v1/members/{userId}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/members/${ids.memberUserId}`, json: { role: 'admin' } }),
  },
  {
    // Who reaches which client tenants (docs/members.md): owners and admins who reach every
    // one themselves; the limited admin is refused with 403 (tenant-access.test.ts).
    route: 'PUT /api/v1/members/{userId}/tenant-access',
    allow: ['owner', 'admin'],
    request: (ids) => ({
      path: `/api/v1/members/${ids.memberUserId}/tenant-access`,
      json: { mode: 'only', tenantIds: [ids.tenantId], version: 0 },
    }),
  },
  {
    route: 'DELETE /api/v1/members/{userId}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/members/${ids.memberUserId}` }),
  },
  {
    // Leaves the caller's own account. No owner control: the victim's owner is its last owner
    // (409). The member persona is not called: it would really leave the victim account and
    // meet every later case as a non-member (members.test.ts covers leaving).
    route: 'POST /api/v1/members/leave',
    allow: ['self'],
    control: 'none',
    notCalledAs: ['member', 'limitedMember', 'limitedAdmin'],
    request: () => ({ path: '/api/v1/members/leave', json: {} }),
  },
  {
    route: 'GET /api/v1/invitations',
    allow: ['self'],
    request: () => ({ path: '/api/v1/invitations' }),
  },
  {
    route: 'POST /api/v1/invitations',
    allow: ['self'],
    request: () => ({
      path: '/api/v1/invitations',
      json: { email: 'outsider-suite-invitee@example.com', role: 'member' },
    }),
  },
  {
    route: 'DELETE /api/v1/invitations/{id}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/invitations/${ids.invitationId}` }),
  },
  {
    // The token is the authority and exists only in the invitation e-mail (stored as a hash);
    // an unknown token answers 404 to everyone. The valid path is in invitations.test.ts.
    route: 'GET /api/v1/invitations/by-token/{token}',
    allow: ['public'],
    control: 'none',
    request: () => ({ path: '/api/v1/invitations/by-token/no-such-token' }),
  },
  {
    // Same: without the e-mailed token no one can accept; invitations.test.ts accepts.
    route: 'POST /api/v1/invitations/by-token/{token}/accept',
    allow: ['self'],
    control: 'none',
    request: () => ({ path: '/api/v1/invitations/by-token/no-such-token/accept', json: {} }),
  },
  {
    route: 'GET /api/v1/audit',
    allow: ['self'],
    request: () => ({ path: '/api/v1/audit' }),
  },
];
