import { randomUUID } from 'node:crypto';
import type { OutsiderCase, WorldIds } from '../types.ts';

/*
 * Assessments (modules/assessments). Routes under a tenant id answer 404 to everyone outside
 * the victim account but its shared users (a viewer reads; a write is 403). The respondent
 * API takes no session: the `x-respondent-token` header is the authority, and a token acts on
 * its own part only — the respondent personas (another assessment's token, one for other
 * sections, expired, revoked) are refused on the victim's question; their own part is theirs.
 * assessments.test.ts reads the rows back after refused calls too.
 */
const base = (ids: WorldIds) => `/api/v1/tenants/${ids.tenantId}/assessments`;
const one = (ids: WorldIds, id = ids.assessmentId) => `${base(ids)}/${id}`;
const READ = ['owner', 'admin', 'member', 'viewer'] as const;
const MANAGE = ['owner', 'admin', 'member'] as const;

export const cases: OutsiderCase[] = [
  {
    route: 'GET /api/v1/tenants/{tenantId}/assessments',
    allow: READ,
    request: (ids) => ({ path: `${base(ids)}?status=all` }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments',
    allow: MANAGE,
    request: (ids) => ({
      path: base(ids),
      json: { frameworkId: ids.frameworkId, version: 1, name: 'Started by the outsider suite' },
    }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}',
    allow: READ,
    request: (ids) => ({ path: one(ids) }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers.csv',
    allow: READ,
    request: (ids) => ({ path: `${one(ids)}/answers.csv` }),
  },
  {
    // The results page (modules/results): read by members and the tenant's shared users.
    route: 'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/results',
    allow: READ,
    request: (ids) => ({ path: `${one(ids)}/results` }),
  },
  {
    route: 'PATCH /api/v1/tenants/{tenantId}/assessments/{assessmentId}',
    allow: MANAGE,
    request: (ids) => ({ path: one(ids), json: { name: 'Renamed by the outsider suite' } }),
  },
  {
    route: 'DELETE /api/v1/tenants/{tenantId}/assessments/{assessmentId}',
    allow: ['owner', 'admin'],
    request: (ids) => ({ path: one(ids) }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/start',
    allow: MANAGE,
    request: (ids) => ({ path: `${one(ids, ids.draftAssessmentId)}/start`, json: {} }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/complete',
    allow: MANAGE,
    request: (ids) => ({ path: `${one(ids)}/complete`, json: {} }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reopen',
    allow: MANAGE,
    request: (ids) => ({ path: `${one(ids, ids.completedAssessmentId)}/reopen`, json: {} }),
  },
  {
    route: 'PUT /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers/{questionKey}',
    allow: [...MANAGE, 'contributor'],
    request: (ids) => ({
      path: `${one(ids)}/answers/${ids.questionKey}`,
      json: { value: 'no', note: 'Answered by the outsider suite' },
    }),
  },
  {
    // "Nothing changed here" writes through the answer path: contributors too.
    route:
      'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/sections/{sectionKey}/confirm',
    allow: [...MANAGE, 'contributor'],
    request: (ids) => ({
      path: `${one(ids)}/sections/A/confirm`,
      json: { idempotencyKey: randomUUID() },
    }),
  },
  {
    route:
      'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers/{questionKey}/history',
    allow: READ,
    request: (ids) => ({ path: `${one(ids)}/answers/${ids.questionKey}/history` }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents',
    allow: MANAGE,
    request: (ids) => ({ path: `${one(ids)}/respondents` }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents',
    allow: MANAGE,
    request: (ids) => ({
      path: `${one(ids)}/respondents`,
      json: { name: 'Outsider', email: 'outsider-respondent@example.com', sendEmail: false },
    }),
  },
  {
    route:
      'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents/{respondentId}/resend',
    allow: MANAGE,
    request: (ids) => ({
      path: `${one(ids)}/respondents/${ids.respondentId}/resend`,
      json: { sendEmail: false },
    }),
  },
  {
    route:
      'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents/{respondentId}/revoke',
    allow: MANAGE,
    request: (ids) => ({ path: `${one(ids)}/respondents/${ids.respondentId}/revoke`, json: {} }),
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/live',
    allow: READ,
    stream: true,
    request: (ids) => ({ path: `/api/v1/tenants/${ids.tenantId}/live` }),
  },
  // Carrying forward (test/world/fixtures/carry-forward.ts): an assessment on v1 of a framework with v2, and
  // one carried forward already (its carry-forward undoable, Q2 to review).
  {
    route: 'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/carry-forward',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({ path: `${one(ids, ids.carryAssessmentId)}/carry-forward?version=2` }),
  },
  {
    route: 'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/carry-forward',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({
      path: `${one(ids, ids.carryAssessmentId)}/carry-forward`,
      json: { version: 2 },
    }),
    // The member would carry the world's assessment forward before the preview's control;
    // carry-forward.test.ts covers carrying forward.
    notCalledAs: ['member'],
  },
  {
    route: 'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/carry-forwards',
    allow: ['owner', 'admin', 'member', 'viewer', 'contributor'],
    request: (ids) => ({ path: `${one(ids, ids.carriedAssessmentId)}/carry-forwards` }),
  },
  {
    route:
      'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/carry-forwards/{carryForwardId}/undo',
    allow: ['owner', 'admin', 'member'],
    request: (ids) => ({
      path: `${one(ids, ids.carriedAssessmentId)}/carry-forwards/${ids.carryForwardId}/undo`,
      json: {},
    }),
    // The member would undo the world's one carry-forward before the owner's control;
    // carry-forward.test.ts covers undoing.
    notCalledAs: ['member'],
  },
  {
    route: 'PUT /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reviews/{questionKey}',
    allow: ['owner', 'admin', 'member', 'contributor'],
    request: (ids) => ({ path: `${one(ids, ids.carriedAssessmentId)}/reviews/Q2`, json: {} }),
  },
  {
    // Opening the page records when the respondent was last seen.
    route: 'GET /api/v1/respond',
    allow: ['respondent'],
    mutates: true,
    control: 'respondent',
    request: () => ({ path: '/api/v1/respond' }),
  },
  {
    // Question `Q` is in the victim respondent's part only: every other token is refused.
    route: 'PUT /api/v1/respond/answers/{questionKey}',
    allow: [],
    control: 'respondent',
    request: (ids) => ({
      path: `/api/v1/respond/answers/${ids.questionKey}`,
      json: {
        value: 'partial',
        idempotencyKey: randomUUID(),
        seq: 1,
        answeredAt: new Date().toISOString(),
      },
    }),
  },
  {
    // Section A (with `questionKey`) is in the victim respondent's part only: every other
    // token is refused (another section's respondent gets 404; another account's framework
    // has no section A).
    route: 'POST /api/v1/respond/sections/{sectionKey}/confirm',
    allow: [],
    control: 'respondent',
    request: () => ({
      path: '/api/v1/respond/sections/A/confirm',
      json: { idempotencyKey: randomUUID(), seq: 1 },
    }),
  },
  {
    // Only the respondent of the token: their own last known locale.
    route: 'PUT /api/v1/respond/locale',
    allow: ['respondent'],
    control: 'respondent',
    request: () => ({ path: '/api/v1/respond/locale', json: { locale: 'de' } }),
  },
  {
    route: 'POST /api/v1/respond/submit',
    allow: ['respondent'],
    control: 'respondent',
    request: () => ({ path: '/api/v1/respond/submit', json: {} }),
  },
];
