import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * PDF reports of a client tenant's assessments (modules/reports). Under a tenant id: 404 to
 * everyone outside the victim account but its shared users, who make and download reports
 * like members do (viewers too: a report is a read). reports.test.ts reads the rows back after
 * refused calls too.
 */
const one = (ids: WorldIds) => `/api/v1/tenants/${ids.tenantId}/reports/${ids.reportId}`;
const READERS = ['owner', 'admin', 'member', 'contributor', 'viewer'] as const;

export const cases: OutsiderCase[] = [
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reports',
    allow: READERS,
    request: (ids) => ({
      path: `/api/v1/tenants/${ids.tenantId}/assessments/${ids.assessmentId}/reports`,
      json: {},
    }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/reports/{reportId}',
    allow: READERS,
    request: (ids) => ({ path: one(ids) }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/reports/{reportId}/file',
    allow: READERS,
    request: (ids) => ({ path: `${one(ids)}/file` }),
  },
];
