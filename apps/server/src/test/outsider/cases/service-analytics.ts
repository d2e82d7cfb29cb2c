import type { OutsiderCase } from '../types.ts';

/** The service console's analytics tab: system admins only (none of the personas is one). */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/service/analytics',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/analytics?from=2026-01-01&to=2026-01-31' }),
  },
  {
    route: 'GET /api/v1/service/analytics/export',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/service/analytics/export?from=2026-01-01&to=2026-01-31' }),
  },
  {
    route: 'POST /api/v1/service/analytics/refresh',
    allow: ['systemadmin'],
    // Rolls up the days and is audited (service.analytics_refreshed).
    mutates: true,
    request: () => ({ path: '/api/v1/service/analytics/refresh', json: {} }),
  },
];
