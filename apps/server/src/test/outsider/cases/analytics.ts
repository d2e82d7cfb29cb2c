import type { OutsiderCase } from '../types.ts';

export const cases: OutsiderCase[] = [
  {
    // Signed-out page views are part of the product. It writes only analytics_events (not in
    // the snapshot), with the account taken from the caller's session, never from the body.
    route: 'POST /api/v1/analytics/events',
    allow: ['public'],
    mutates: false,
    request: (ids) => ({
      path: '/api/v1/analytics/events',
      json: {
        events: [
          {
            name: 'page_view',
            path: `/tenant/${ids.tenantId}/overview`,
            title: 'tenant',
            tab: 'overview',
            focus: null,
          },
        ],
      },
    }),
  },
  {
    route: 'GET /api/v1/system/analytics/events',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/system/analytics/events' }),
  },
];
