import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * Reminders (modules/assessments/reminders, docs/assessments.md "Reminders"). The account's
 * defaults are the caller's own account (owners and admins change them); an assessment's
 * overrides and "send now" are under its tenant (404 outside the victim account). Stopping
 * reminders takes no session: the `x-respondent-token` header is the authority and reaches
 * only its own respondent (expired and revoked tokens are refused); reminders.test.ts checks
 * that another respondent is left alone.
 */
const one = (ids: WorldIds) => `/api/v1/tenants/${ids.tenantId}/assessments/${ids.assessmentId}`;
const MANAGE = ['owner', 'admin', 'member'] as const;
const SETTINGS = {
  enabled: true,
  beforeDueDays: 4,
  nudgeAfterDays: 9,
  lastCall: true,
  ownerSummary: false,
};

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/account/reminder-settings',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/reminder-settings' }),
  },
  {
    route: 'PUT /api/v1/account/reminder-settings',
    allow: ['self'],
    request: () => ({ path: '/api/v1/account/reminder-settings', json: SETTINGS }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reminder-settings',
    allow: MANAGE,
    request: (ids) => ({ path: `${one(ids)}/reminder-settings` }),
  },
  {
    route: 'PUT /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reminder-settings',
    allow: MANAGE,
    request: (ids) => ({
      path: `${one(ids)}/reminder-settings`,
      json: { overrides: { beforeDueDays: 2, nudgeAfterDays: null } },
    }),
  },
  {
    // The world's respondent was added without an e-mail: a reminder may go today.
    route:
      'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents/{respondentId}/remind',
    allow: MANAGE,
    request: (ids) => ({
      path: `${one(ids)}/respondents/${ids.respondentId}/remind`,
      json: {},
    }),
  },
  {
    route: 'GET /api/v1/respond/reminders',
    allow: ['respondent'],
    control: 'respondent',
    request: () => ({ path: '/api/v1/respond/reminders' }),
  },
  {
    route: 'PUT /api/v1/respond/reminders',
    allow: ['respondent'],
    control: 'respondent',
    request: () => ({ path: '/api/v1/respond/reminders', json: { stopped: true } }),
  },
];
