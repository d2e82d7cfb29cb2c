import type { OutsiderCase } from '../types.ts';

/**
 * Support access: the owners' grant of their own account (admin/security), and the service
 * console's support session (system admins only; none of the personas is one).
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/account/support-access',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/support-access' }),
  },
  {
    route: 'PUT /api/v1/account/support-access',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/support-access', json: { days: 3 } }),
  },
  {
    route: 'DELETE /api/v1/account/support-access',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/support-access' }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/support-access',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `/api/v1/service/accounts/${ids.victimAccountId}/support-access` }),
  },
  {
    route: 'POST /api/v1/service/accounts/{accountId}/support-session',
    allow: ['systemadmin'],
    // A successful control would turn the suite's system admin client into a support session
    // (its cookie is replaced) for every control after it; support-access.test.ts proves the
    // 200 with its own admins.
    control: 'none',
    request: (ids) => ({
      path: `/api/v1/service/accounts/${ids.victimAccountId}/support-session`,
      json: { userId: ids.victimOwnerUserId, reason: 'Outsider suite: a written reason.' },
    }),
  },
];
