import type { OutsiderCase } from '../types.ts';

/**
 * The service console's export and deletion of an account: system admins only (none of the
 * personas is one). The export id is made up: every persona is refused before it is looked up.
 */
const EXPORT_ID = '00000000-0000-4000-8000-00000000e4a0';

export const cases: OutsiderCase[] = [
  {
    route: 'POST /api/v1/service/accounts/{accountId}/exports',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/accounts/${ids.victimAccountId}/exports`,
      json: {},
    }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/exports',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `/api/v1/service/accounts/${ids.victimAccountId}/exports` }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/exports/{exportId}/download',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/accounts/${ids.victimAccountId}/exports/${EXPORT_ID}/download`,
    }),
    // No export of the victim exists when the reads' controls run; lifecycle.test.ts
    // downloads one.
    control: 'none',
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/deletion',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `/api/v1/service/accounts/${ids.victimAccountId}/deletion` }),
  },
  {
    route: 'POST /api/v1/service/accounts/{accountId}/deletion',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/accounts/${ids.victimAccountId}/deletion`,
      json: { reason: 'Outsider suite control' },
    }),
    // A scheduled deletion suspends the shared victim account, which would refuse the write
    // controls after it (423); lifecycle.test.ts schedules and cancels one.
    control: 'none',
  },
  {
    route: 'DELETE /api/v1/service/accounts/{accountId}/deletion',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/accounts/${ids.victimAccountId}/deletion`,
    }),
    // Nothing to cancel unless scheduled (see above); lifecycle.test.ts cancels one.
    control: 'none',
  },
];
