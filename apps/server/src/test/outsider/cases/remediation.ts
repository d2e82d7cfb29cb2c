import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * Remediation tasks of a client tenant (modules/remediation). Under a tenant id: 404 to
 * everyone outside the victim account but its shared users, who read them; contributors also
 * change tasks, tick checklists and comment (viewers get 403); creating and deleting is for
 * members. remediation.test.ts reads the rows back after refused calls too.
 */
const list = (ids: WorldIds) => `/api/v1/tenants/${ids.tenantId}/tasks`;
const one = (ids: WorldIds) => `${list(ids)}/${ids.taskId}`;
const MEMBERS = ['owner', 'admin', 'member'] as const;
const CONTRIBUTORS = [...MEMBERS, 'contributor'] as const;
const READERS = [...CONTRIBUTORS, 'viewer'] as const;

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/tenants/{tenantId}/tasks',
    allow: READERS,
    request: (ids) => ({ path: `${list(ids)}?status=open` }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/tasks.csv',
    allow: READERS,
    request: (ids) => ({ path: `/api/v1/tenants/${ids.tenantId}/tasks.csv` }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/tasks',
    allow: MEMBERS,
    request: (ids) => ({ path: list(ids), json: { title: 'Patch the firewall' } }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/gap-tasks',
    allow: MEMBERS,
    request: (ids) => ({
      path: `/api/v1/tenants/${ids.tenantId}/assessments/${ids.assessmentId}/gap-tasks`,
      json: {},
    }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/tasks/bulk-status',
    allow: CONTRIBUTORS,
    request: (ids) => ({
      path: `${list(ids)}/bulk-status`,
      json: { ids: [ids.taskId], status: 'in_progress' },
    }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/tasks/{taskId}',
    allow: READERS,
    request: (ids) => ({ path: one(ids) }),
  },
  {
    route: 'PATCH /api/v1/tenants/{tenantId}/tasks/{taskId}',
    allow: CONTRIBUTORS,
    request: (ids) => ({ path: one(ids), json: { status: 'done' } }),
  },
  {
    route: 'PUT /api/v1/tenants/{tenantId}/tasks/{taskId}/checklist/{itemId}',
    allow: CONTRIBUTORS,
    request: (ids) => ({
      path: `${one(ids)}/checklist/${ids.checklistItemId}`,
      json: { done: true },
    }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/tasks/{taskId}/comments',
    allow: CONTRIBUTORS,
    request: (ids) => ({ path: `${one(ids)}/comments`, json: { body: 'On it.' } }),
  },
  {
    route: 'DELETE /api/v1/tenants/{tenantId}/tasks/{taskId}',
    allow: MEMBERS,
    request: (ids) => ({ path: one(ids) }),
    // The member would delete the world's one task before the read controls run against it;
    // remediation.test.ts covers deleting (and contributors being refused).
    notCalledAs: ['member'],
  },
];
