import type { OutsiderCase } from '../types.ts';

/*
 * Client tenants (modules/tenants). The list and create act on the caller's OWN account (the
 * account comes from the session, never the request): another account's owner gets their own
 * list and creates in their own account, so those are `self`; a shared user gets 403. Routes
 * under a tenant id answer 404 `tenants.not_found` to everyone outside the victim account but
 * a shared user of that very tenant (who may read it; a viewer cannot write: 403).
 * tenants.test.ts also reads the row back after each refused call.
 */
export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/tenants',
    allow: ['self', 'member'],
    request: () => ({ path: '/api/v1/tenants?status=all&sort=updated&limit=100' }),
  },
  {
    route: 'GET /api/v1/tenants.csv',
    allow: ['self', 'member'],
    request: () => ({ path: '/api/v1/tenants.csv?status=all&sort=updated' }),
  },
  {
    route: 'GET /api/v1/tenants/portfolio',
    allow: ['self', 'member'],
    request: () => ({
      path: '/api/v1/tenants/portfolio?sort=section&section=A&belowTarget=true&limit=200',
    }),
  },
  {
    route: 'GET /api/v1/tenants/portfolio.csv',
    allow: ['self', 'member'],
    request: () => ({ path: '/api/v1/tenants/portfolio.csv?overdue=true&sort=activity' }),
  },
  {
    route: 'POST /api/v1/tenants',
    allow: ['self', 'member'],
    request: () => ({
      path: '/api/v1/tenants',
      json: { name: 'Created in the outsider suite', tags: ['outsider'] },
    }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}',
    allow: ['owner', 'admin', 'member', 'viewer'],
    // Opening a tenant records it as the member's `ttid` (memberships.last_tenant_id).
    mutates: true,
    request: (ids) => ({ path: `/api/v1/tenants/${ids.tenantId}` }),
  },
  {
    route: 'PATCH /api/v1/tenants/{tenantId}',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({
      path: `/api/v1/tenants/${ids.tenantId}`,
      json: { notes: 'Changed in the outsider suite', tags: ['outsider'] },
    }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/archive',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/tenants/${ids.tenantId}/archive`, json: {} }),
  },
  {
    // The control restores a tenant that is not archived: a no-op 200.
    route: 'POST /api/v1/tenants/{tenantId}/restore',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: `/api/v1/tenants/${ids.tenantId}/restore`, json: {} }),
  },
];
