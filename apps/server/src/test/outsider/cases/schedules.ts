import type { OutsiderCase } from '../types.ts';

/*
 * Schedules of recurring assessments (modules/schedules) and starting the next assessment
 * (modules/assessments/next). Schedules are the account's (`/schedules`): listing and setting
 * one up act on the caller's own account; a schedule of the victim's tenant is not found for
 * another account, and for a member limited to other tenants (schedules.test.ts covers the
 * limited member and schedules by tag). `assessments.manage`: owners, admins and members.
 */
const MANAGE = ['owner', 'admin', 'member'] as const;
const one = (id: string) => `/api/v1/schedules/${id}`;

export const cases: OutsiderCase[] = [
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/next',
    allow: MANAGE,
    request: (ids) => ({
      path: `/api/v1/tenants/${ids.tenantId}/assessments/${ids.completedAssessmentId}/next`,
      json: { name: 'Next, by the outsider suite', reinviteRespondents: false },
    }),
  },
  {
    route: 'GET /api/v1/schedules',
    allow: ['accountMember'],
    request: () => ({ path: '/api/v1/schedules' }),
  },
  {
    route: 'POST /api/v1/schedules',
    allow: ['accountMember'],
    request: (ids) => ({
      path: '/api/v1/schedules',
      json: {
        tenantId: ids.tenantId,
        frameworkId: ids.assessmentFrameworkId,
        cadence: 'quarterly',
        anchorDueDate: '2031-03-31',
      },
    }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/schedules',
    allow: MANAGE,
    request: (ids) => ({ path: `/api/v1/tenants/${ids.tenantId}/schedules` }),
  },
  {
    route: 'GET /api/v1/schedules/{id}',
    allow: MANAGE,
    request: (ids) => ({ path: one(ids.scheduleId) }),
  },
  {
    route: 'PATCH /api/v1/schedules/{id}',
    allow: MANAGE,
    request: (ids) => ({ path: one(ids.scheduleId), json: { leadDays: 21 } }),
  },
  {
    route: 'POST /api/v1/schedules/{id}/pause',
    allow: MANAGE,
    request: (ids) => ({ path: `${one(ids.scheduleId)}/pause`, json: {} }),
  },
  {
    route: 'POST /api/v1/schedules/{id}/resume',
    allow: MANAGE,
    request: (ids) => ({ path: `${one(ids.pausedScheduleId)}/resume`, json: {} }),
  },
  {
    route: 'POST /api/v1/schedules/{id}/end',
    allow: MANAGE,
    request: (ids) => ({ path: `${one(ids.scheduleId)}/end`, json: {} }),
  },
];
