import type { OutsiderCase } from '../types.ts';

export const cases: OutsiderCase[] = [
  {
    // Liveness for load balancers: constant, touches no tenant data.
    route: 'GET /healthz',
    allow: ['public'],
    request: () => ({ path: '/healthz' }),
  },
  {
    // Liveness for a process supervisor: constant, touches no data.
    route: 'GET /livez',
    allow: ['public'],
    request: () => ({ path: '/livez' }),
  },
  {
    // Readiness for load balancers: draining or not, and `select 1`; touches no tenant data.
    route: 'GET /readyz',
    allow: ['public'],
    request: () => ({ path: '/readyz' }),
  },
  {
    // The deployed web build's timestamp (the seed's version check); public by design.
    route: 'GET /version.json',
    allow: ['public'],
    request: () => ({ path: '/version.json' }),
  },
  {
    route: 'GET /api/v1/system/mailbox',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/system/mailbox' }),
  },
  {
    // System admins and system developers (none of the personas is either).
    route: 'GET /api/v1/system/info',
    allow: ['systemadmin'],
    request: () => ({ path: '/api/v1/system/info' }),
  },
];
