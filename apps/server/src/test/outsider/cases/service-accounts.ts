import type { OutsiderCase } from '../types.ts';

/**
 * The service console's accounts tab: system admins only (none of the personas is one). The
 * note id is made up: every persona is refused before it is looked up.
 */
const NOTE_ID = '00000000-0000-4000-8000-0000000a0c0e';
const base = (accountId: string) => `/api/v1/service/accounts/${accountId}`;

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/service/accounts',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/accounts?limit=5' }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: base(ids.victimAccountId) }),
  },
  {
    route: 'POST /api/v1/service/accounts/{accountId}/suspend',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `${base(ids.victimAccountId)}/suspend`,
      json: { reason: 'Outsider suite control' },
    }),
    // A suspension refuses the write controls after it (423) on the shared victim account;
    // accounts.test.ts suspends and restores one.
    control: 'none',
  },
  {
    route: 'POST /api/v1/service/accounts/{accountId}/restore',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${base(ids.victimAccountId)}/restore` }),
    // Nothing to restore unless suspended (see above); accounts.test.ts restores one.
    control: 'none',
  },
  {
    route: 'POST /api/v1/service/accounts/{accountId}/transfer',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `${base(ids.victimAccountId)}/transfer`,
      json: { userId: ids.victimOwnerUserId },
    }),
    // The victim's owner is its only owner already (409); a real transfer would hand the
    // shared world to another person. accounts.test.ts transfers one.
    control: 'none',
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/notes',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${base(ids.victimAccountId)}/notes` }),
  },
  {
    route: 'POST /api/v1/service/accounts/{accountId}/notes',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `${base(ids.victimAccountId)}/notes`,
      json: { body: 'Outsider suite control' },
    }),
  },
  {
    route: 'DELETE /api/v1/service/accounts/{accountId}/notes/{noteId}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${base(ids.victimAccountId)}/notes/${NOTE_ID}` }),
    // No note of the victim exists when the controls run; accounts.test.ts deletes one.
    control: 'none',
  },
];
