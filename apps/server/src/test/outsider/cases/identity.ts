import type { OutsiderCase } from '../types.ts';

/*
 * Second factors (modules/identity, docs/identity.md). The status route acts on the caller's
 * own user; the requirement is the caller's OWN account's (the account comes from the session),
 * so another account's owner legitimately succeeds on theirs (`self`); that a `member` may not
 * read or set it is asserted in second-factors.test.ts. A reset names a member of the victim
 * account (owners only; another account's owner gets 404). The system admin's reset is in
 * service-users.ts.
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/me/second-factors',
    allow: ['self'],
    request: () => ({ path: '/api/v1/me/second-factors' }),
  },
  {
    route: 'GET /api/v1/account/second-factor-policy',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/second-factor-policy' }),
  },
  {
    // Turning it off: the victim owner's control succeeds without a second factor of their
    // own (turning it on needs one; second-factors.test.ts covers it).
    route: 'PUT /api/v1/account/second-factor-policy',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/second-factor-policy', json: { required: false } }),
  },
  {
    route: 'POST /api/v1/members/{userId}/second-factors/reset',
    allow: ['owner'],
    request: (ids) => ({
      path: `/api/v1/members/${ids.memberUserId}/second-factors/reset`,
      json: {},
    }),
  },
];
