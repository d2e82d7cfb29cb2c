import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * The baseline of a client tenant (modules/baseline). Under a tenant id: 404 to everyone
 * outside the victim account but its shared users, who read it (a change is 403 to them).
 * baseline.test.ts reads the rows back after refused calls too.
 */
const path = (ids: WorldIds) => `/api/v1/tenants/${ids.tenantId}/baseline`;

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/tenants/{tenantId}/baseline',
    allow: ['owner', 'admin', 'member', 'viewer', 'contributor'],
    request: (ids) => ({ path: path(ids) }),
  },
  {
    route: 'PUT /api/v1/tenants/{tenantId}/baseline',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({ path: path(ids), json: { assessmentId: ids.baselineAssessmentId } }),
  },
  {
    route: 'DELETE /api/v1/tenants/{tenantId}/baseline',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({ path: path(ids) }),
  },
];
