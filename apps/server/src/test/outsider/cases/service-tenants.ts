import type { OutsiderCase } from '../types.ts';

/**
 * The service console's tenants drill-down: read-only views of the victim's client tenant, for
 * system admins only (none of the personas is one; the controls run as one). Members, shared
 * users and the other account's API key are refused, anonymous 401.
 */
const base = (accountId: string) => `/api/v1/service/accounts/${accountId}/tenants`;
const one = (ids: { victimAccountId: string; tenantId: string }) =>
  `${base(ids.victimAccountId)}/${ids.tenantId}`;

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/service/accounts/{accountId}/tenants',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${base(ids.victimAccountId)}?limit=5` }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: one(ids) }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/assessments',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${one(ids)}/assessments?status=all` }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/assessments/{assessmentId}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${one(ids)}/assessments/${ids.assessmentId}` }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/baseline',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${one(ids)}/baseline` }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/tasks',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${one(ids)}/tasks?status=open` }),
  },
  {
    route: 'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/tasks/{taskId}',
    allow: ['systemadmin'],
    request: (ids) => ({ path: `${one(ids)}/tasks/${ids.taskId}` }),
  },
];
