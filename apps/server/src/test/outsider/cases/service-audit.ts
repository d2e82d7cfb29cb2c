import type { OutsiderCase } from '../types.ts';

/** The service console's audit tab: system admins only (none of the personas is one). */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/service/audit',
    allow: ['systemadmin'],
    request: (ids) => ({
      path: `/api/v1/service/audit?accountId=${ids.victimAccountId}&action=members.&limit=5`,
    }),
  },
  {
    route: 'GET /api/v1/service/audit/export',
    allow: ['systemadmin'],
    // An export is audited (service.audit_exported).
    mutates: true,
    request: (ids) => ({
      path: `/api/v1/service/audit/export?format=json&accountId=${ids.victimAccountId}`,
    }),
  },
  {
    route: 'POST /api/v1/service/audit/verify',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/audit/verify', json: {} }),
  },
  {
    route: 'GET /api/v1/service/audit/verify',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/audit/verify' }),
  },
];
