import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * Evidence packs of a client tenant's assessments (modules/evidence-packs). Under a tenant id:
 * 404 to everyone outside the victim account but its shared users, who make and download
 * packs like members do (viewers too: a pack is a read of the evidence). Respondents have no
 * session here: 401. evidence-packs.test.ts checks other accounts and limited members too.
 */
const one = (ids: WorldIds) =>
  `/api/v1/tenants/${ids.tenantId}/evidence-packs/${ids.evidencePackId}`;
const READERS = ['owner', 'admin', 'member', 'contributor', 'viewer'] as const;

export const cases: OutsiderCase[] = [
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/evidence-packs',
    allow: READERS,
    request: (ids) => ({
      path: `/api/v1/tenants/${ids.tenantId}/assessments/${ids.assessmentId}/evidence-packs`,
      json: {},
    }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/evidence-packs/{packId}',
    allow: READERS,
    request: (ids) => ({ path: one(ids) }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/evidence-packs/{packId}/file',
    allow: READERS,
    request: (ids) => ({ path: `${one(ids)}/file` }),
  },
];
