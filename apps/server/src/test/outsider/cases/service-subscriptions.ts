import type { OutsiderCase } from '../types.ts';

/** The service console's subscriptions: system admins only (none of the personas is one). */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/service/subscriptions',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/subscriptions?status=all&limit=5' }),
  },
  {
    route: 'POST /api/v1/service/subscriptions/{accountId}/trial',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/subscriptions/${ids.victimAccountId}/trial`,
      json: { days: 7 },
    }),
  },
  {
    route: 'POST /api/v1/service/subscriptions/{accountId}/comp',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/subscriptions/${ids.victimAccountId}/comp`,
      // Business, as the world has it (its controls make more assessments than Pro allows).
      json: { plan: 'business', reason: 'Outsider suite control' },
    }),
  },
];
