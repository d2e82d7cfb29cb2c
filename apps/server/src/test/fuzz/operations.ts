/**
 * What the fuzz suite cannot read from the OpenAPI document, per operation: which real object
 * a path parameter names, how to forge the list's own cursors, how to make a body that is not
 * JSON. Everything else (query, JSON body) is generated from the document's schemas.
 *
 * One entry per operation, `METHOD path` exactly as in the document; an operation without an
 * entry, or with a path parameter, a `cursor` or a media type its entry does not cover, fails
 * the suite (fuzz.test.ts), as does an entry for an operation that is gone. See README.md.
 */
import {
  defaultTenantOrder,
  RESPONDENT_TOKEN_HEADER,
  TENANT_SORTS,
  WEBHOOK_EVENT_TYPES,
  type TenantSort,
} from '@tenantry/shared';
import fc from 'fast-check';
import { answerFields, newAssessmentFields } from './assessments.ts';
import type { FuzzIds } from './world.ts';

/** Building blocks of a forged cursor: plausible ones for a plausible request, else hostile. */
export interface CursorParts {
  time: fc.Arbitrary<string>;
  text: fc.Arbitrary<string>;
  id: fc.Arbitrary<string>;
}

export interface FuzzOperation {
  /**
   * The real object each path parameter names, or real ones to pick among (the suite also
   * tries hostile values).
   */
  path?: Record<string, (ids: FuzzIds) => string | readonly string[]>;
  /**
   * Headers a plausible request carries (a respondent's token, a Last-Event-ID); hostile
   * requests leave them out or send junk and near misses instead. Needed for every header
   * parameter the document declares.
   */
  headers?: (ids: FuzzIds) => Record<string, string>;
  /**
   * JSON body fields that must fit the real object the path names (`path`: the request's path
   * parameters), which the document cannot say: an answer of the question `{questionKey}`
   * names. They replace the generated fields in a plausible request (undefined leaves one
   * out), so one-hostile requests spoil one field of a body that would otherwise fit.
   */
  fields?: (path: Record<string, string>, ids: FuzzIds) => Record<string, fc.Arbitrary<unknown>>;
  /**
   * Parts of a cursor shaped like the ones the list gives out (`query`: the other query
   * parameters of the same request), beside the generic forgeries. Needed when the operation
   * has a `cursor` query parameter.
   */
  cursor?: (
    query: Record<string, string>,
    ids: FuzzIds,
    part: CursorParts,
  ) => fc.Arbitrary<unknown[]>;
  /** The request body is bytes of the declared media types (not JSON). */
  body?: 'binary';
  /** Runs per persona as a multiple of FUZZ_RUNS: for inputs with many more cases than that. */
  runs?: number;
}

/** A job id that names no job: the fuzz world has no job tables (jobs run inline). */
const FUZZ_JOB_ID = '00000000-0000-4000-8000-0000000005b5';

const tenant = { path: { tenantId: (ids: FuzzIds) => ids.tenantId } };
const share = { path: { id: (ids: FuzzIds) => ids.shareGrantId } };
const member = { path: { userId: (ids: FuzzIds) => ids.memberUserId } };
const token = { path: { token: (ids: FuzzIds) => ids.invitationToken } };

const framework = { path: { id: (ids: FuzzIds) => ids.frameworkId } };

/** The world's webhook endpoint (and its delivery). */
const webhookId = (ids: FuzzIds) => ids.webhookId;
const webhook = { path: { id: webhookId } };
const schedule = { path: { id: (ids: FuzzIds) => ids.scheduleId } };

/** An assessment of the world's tenant: in progress unless `which` says otherwise. */
const assessment = (
  which: (ids: FuzzIds) => string = (ids) => ids.assessmentId,
): FuzzOperation => ({
  path: { tenantId: (ids) => ids.tenantId, assessmentId: which },
});
const inAssessment = assessment();
/** Every question of the assessment, one of each type. */
const questionKey = (ids: FuzzIds) => Object.values(ids.questionKeys);
const acrossClients: FuzzOperation = {
  path: { frameworkId: (ids) => ids.assessmentFrameworkId, questionKey },
};
/** Seven question types, each with its fitting values and near misses: three times the runs. */
const answer: FuzzOperation = {
  path: { ...inAssessment.path, questionKey },
  fields: (path) => answerFields(path.questionKey ?? ''),
  runs: 3,
};
const task: FuzzOperation & Required<Pick<FuzzOperation, 'path'>> = {
  path: { tenantId: (ids) => ids.tenantId, taskId: (ids) => ids.taskId },
};
const report: FuzzOperation = {
  path: { tenantId: (ids) => ids.tenantId, reportId: (ids) => ids.reportId },
};
const evidence: FuzzOperation = {
  path: { tenantId: (ids) => ids.tenantId, evidenceId: (ids) => ids.evidenceId },
};
const evidenceOnAnswer: FuzzOperation = {
  path: {
    ...inAssessment.path,
    questionKey: (ids) => ids.evidenceQuestionKey,
    evidenceId: (ids) => ids.evidenceId,
  },
};
const evidencePack: FuzzOperation = {
  path: { tenantId: (ids) => ids.tenantId, packId: (ids) => ids.evidencePackId },
};
const respondent: FuzzOperation = {
  path: { ...inAssessment.path, respondentId: (ids) => ids.respondentId },
};

/** The operations of one content item kind (playbooks, articles). */
function itemOperations(
  plural: string,
  id: (ids: FuzzIds) => string,
): Record<string, FuzzOperation> {
  const one = { path: { id } };
  return {
    [`GET /api/v1/content/${plural}`]: {},
    [`POST /api/v1/content/${plural}`]: {},
    [`GET /api/v1/content/${plural}/{id}`]: one,
    [`PUT /api/v1/content/${plural}/{id}`]: one,
    [`POST /api/v1/content/${plural}/{id}/publish`]: one,
    [`POST /api/v1/content/${plural}/{id}/unpublish`]: one,
    [`DELETE /api/v1/content/${plural}/{id}`]: one,
    [`GET /api/v1/library/${plural}`]: {},
    [`GET /api/v1/library/${plural}/{id}`]: one,
  };
}

const isSort = (s: string | undefined): s is TenantSort =>
  (TENANT_SORTS as readonly string[]).includes(s ?? '');

/** The tenant list's cursor: [sort, order, key, id], the sort and order of the same request. */
const tenantListCursor: FuzzOperation['cursor'] = (q, _ids, part) =>
  fc.tuple(
    fc.constant(q.sort ?? 'name'),
    fc.constant(q.order ?? defaultTenantOrder(isSort(q.sort) ? q.sort : 'name')),
    (q.sort ?? 'name') === 'name'
      ? part.text
      : q.sort === 'due'
        ? part.time.map((t) => t.slice(0, 10))
        : part.time,
    part.id,
  );

/** The world's tenant as the service console's drill-down names it (account and tenant). */
const serviceTenant = {
  path: { accountId: (ids: FuzzIds) => ids.accountId, tenantId: (ids: FuzzIds) => ids.tenantId },
};

export const OPERATIONS: Record<string, FuzzOperation> = {
  'GET /healthz': {},
  'GET /livez': {},
  'GET /readyz': {},
  'GET /version.json': {},

  'GET /api/v1/me': {},
  'PATCH /api/v1/me': {},
  'GET /api/v1/me/sessions': {},
  'GET /api/v1/me/second-factors': {},
  'GET /api/v1/account/second-factor-policy': {},
  'PUT /api/v1/account/second-factor-policy': {},
  'POST /api/v1/members/{userId}/second-factors/reset': member,
  'POST /api/v1/me/sessions/end-others': {},
  // Another session of the owner: ending the suite's own would sign the owner out.
  'DELETE /api/v1/me/sessions/{id}': { path: { id: (ids) => ids.spareSessionId } },

  'POST /api/v1/analytics/events': {},
  'GET /api/v1/system/analytics/events': {},
  'GET /api/v1/system/mailbox': {},
  'GET /api/v1/system/info': {},

  'GET /api/v1/account': {},
  'PATCH /api/v1/account': {},
  'PUT /api/v1/account/logo': { body: 'binary' },
  'GET /api/v1/account/logo': {},
  'GET /api/v1/account/brand': {},
  'PUT /api/v1/account/brand': {},
  'GET /api/v1/brand-logos/{id}': { path: { id: (ids) => ids.logoMediaId } },
  'GET /api/v1/account/reminder-settings': {},
  'PUT /api/v1/account/reminder-settings': {},
  'GET /api/v1/account/support-access': {},
  'PUT /api/v1/account/support-access': {},
  'DELETE /api/v1/account/support-access': {},
  'GET /api/v1/media/{id}': { path: { id: (ids) => ids.logoMediaId } },

  // Single sign-on (modules/sso): the world's provider (stored endpoints at a host that never
  // resolves, so the same issuer needs no discovery; another one fails it without a request)
  // and its proven domain, which a sign-in names.
  'GET /api/v1/account/sso': {},
  'PUT /api/v1/account/sso': {
    fields: (_path, ids) => ({ issuer: fc.constantFrom(ids.ssoIssuer, 'https://idp.invalid') }),
  },
  'DELETE /api/v1/account/sso': {},
  'POST /api/v1/account/sso/domains': {},
  'POST /api/v1/account/sso/domains/{id}/verify': { path: { id: (ids) => ids.ssoDomainId } },
  'DELETE /api/v1/account/sso/domains/{id}': { path: { id: (ids) => ids.ssoDomainId } },
  'POST /api/v1/sso/sign-in': {
    fields: (_path, ids) => ({
      email: fc.constantFrom(`alice@${ids.ssoDomain}`, 'someone@elsewhere.example'),
    }),
  },

  'GET /api/v1/members': {},
  'POST /api/v1/members/leave': {},
  'PATCH /api/v1/members/{userId}': member,
  'DELETE /api/v1/members/{userId}': member,
  'PUT /api/v1/members/{userId}/tenant-access': {
    ...member,
    // A client tenant of the account, at the version a fresh member's access starts from.
    fields: (_path, ids) => ({
      tenantIds: fc.constant([ids.tenantId]),
      version: fc.constant(0),
    }),
  },

  'GET /api/v1/invitations': {},
  'POST /api/v1/invitations': {},
  'DELETE /api/v1/invitations/{id}': { path: { id: (ids) => ids.invitationId } },
  'GET /api/v1/invitations/by-token/{token}': token,
  'POST /api/v1/invitations/by-token/{token}/accept': token,

  // [createdAt with microseconds, id]
  'GET /api/v1/audit': { cursor: (_q, _ids, part) => fc.tuple(part.time, part.id) },

  // [sort, order, key, id]: the sort and order of the same request, so the key is what fails.
  'GET /api/v1/tenants': { cursor: tenantListCursor },
  'GET /api/v1/tenants.csv': {},
  'GET /api/v1/tenants/portfolio': {},
  'GET /api/v1/tenants/portfolio.csv': {},
  'POST /api/v1/tenants': {},
  'GET /api/v1/tenants/{tenantId}': tenant,
  'PATCH /api/v1/tenants/{tenantId}': tenant,
  'POST /api/v1/tenants/{tenantId}/archive': tenant,
  'POST /api/v1/tenants/{tenantId}/restore': tenant,

  'POST /api/v1/tenants/{tenantId}/shares': tenant,
  'GET /api/v1/tenants/{tenantId}/shares': tenant,
  'GET /api/v1/shares': {},
  'PATCH /api/v1/shares/{id}': share,
  'DELETE /api/v1/shares/{id}': share,
  'GET /api/v1/shared-signin/{tenantId}/shares/{shareId}': {
    path: { tenantId: (ids) => ids.tenantId, shareId: (ids) => ids.shareGrantId },
  },
  'POST /api/v1/shared-signin/{tenantId}/code': tenant,
  'POST /api/v1/shared-signin/{tenantId}/verify': tenant,
  'POST /api/v1/signup/code': {},

  'GET /api/v1/content/frameworks': {},
  'POST /api/v1/content/frameworks': {},
  'POST /api/v1/content/frameworks/import': {},
  'GET /api/v1/content/frameworks/{id}': framework,
  'PUT /api/v1/content/frameworks/{id}/draft': framework,
  'POST /api/v1/content/frameworks/{id}/draft/discard': framework,
  'POST /api/v1/content/frameworks/{id}/publish': framework,
  'GET /api/v1/content/frameworks/{id}/versions/{version}': {
    path: { id: (ids) => ids.frameworkId, version: () => '1' },
  },
  'GET /api/v1/content/frameworks/{id}/diff': framework,
  'GET /api/v1/content/frameworks/{id}/export': framework,
  'POST /api/v1/content/frameworks/{id}/archive': framework,
  'POST /api/v1/content/frameworks/{id}/restore': framework,
  'DELETE /api/v1/content/frameworks/{id}': framework,
  'POST /api/v1/content/frameworks/{id}/fork': {
    path: { id: (ids) => ids.upstreamFrameworkId },
  },
  'GET /api/v1/content/frameworks/{id}/upstream': { path: { id: (ids) => ids.forkFrameworkId } },
  'POST /api/v1/content/frameworks/{id}/upstream/take': {
    path: { id: (ids) => ids.forkFrameworkId },
  },
  'GET /api/v1/library/frameworks': {},
  'GET /api/v1/library/frameworks/{id}': framework,
  ...itemOperations('playbooks', (ids) => ids.playbookId),
  ...itemOperations('articles', (ids) => ids.articleId),
  'GET /api/v1/content/media': {},
  'POST /api/v1/content/media': { body: 'binary' },
  'DELETE /api/v1/content/media/{id}': { path: { id: (ids) => ids.contentImageId } },

  // Support: the owner's ticket and canned reply are made fresh by reset(); the owner is staff.
  'GET /api/v1/support/tickets': {},
  'POST /api/v1/support/tickets': {},
  'GET /api/v1/support/tickets/{id}': { path: { id: (ids) => ids.supportTicketId } },
  'PATCH /api/v1/support/tickets/{id}': { path: { id: (ids) => ids.supportTicketId } },
  'POST /api/v1/support/tickets/{id}/messages': {
    path: { id: (ids) => ids.supportTicketId },
    fields: (_path, ids) => ({ attachmentIds: fc.constant([ids.supportAttachmentId]) }),
  },
  'GET /api/v1/support/tickets/{id}/attachments/{mediaId}': {
    path: { id: (ids) => ids.supportTicketId, mediaId: (ids) => ids.supportAttachmentId },
  },
  'POST /api/v1/support/attachments': { body: 'binary' },
  'GET /api/v1/support/help': {},
  'GET /api/v1/service/support/tickets': {},
  'GET /api/v1/service/support/tickets/{id}': { path: { id: (ids) => ids.supportTicketId } },
  'PATCH /api/v1/service/support/tickets/{id}': { path: { id: (ids) => ids.supportTicketId } },
  'POST /api/v1/service/support/tickets/{id}/messages': {
    path: { id: (ids) => ids.supportTicketId },
  },
  'GET /api/v1/service/support/tickets/{id}/attachments/{mediaId}': {
    path: { id: (ids) => ids.supportTicketId, mediaId: (ids) => ids.supportAttachmentId },
  },
  'GET /api/v1/service/support/staff': {},
  'GET /api/v1/service/support/canned': {},
  'POST /api/v1/service/support/canned': {},
  'PUT /api/v1/service/support/canned/{id}': { path: { id: (ids) => ids.supportCannedId } },
  'DELETE /api/v1/service/support/canned/{id}': { path: { id: (ids) => ids.supportCannedId } },
  'POST /api/v1/signup/verify': {},

  // [status of the same request, createdAt with microseconds, id]
  'GET /api/v1/tenants/{tenantId}/assessments': {
    ...tenant,
    cursor: (q, _ids, part) => fc.tuple(fc.constant(q.status ?? 'all'), part.time, part.id),
  },
  'POST /api/v1/tenants/{tenantId}/assessments': {
    ...tenant,
    fields: (_path, ids) => newAssessmentFields(ids),
  },
  'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}': inAssessment,
  'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers.csv': inAssessment,
  'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/results': inAssessment,
  // One question across all clients: the assessment framework's questions, one of each type.
  'GET /api/v1/questions/{frameworkId}/{questionKey}/answers': acrossClients,
  'POST /api/v1/questions/{frameworkId}/{questionKey}/tasks': acrossClients,
  'PATCH /api/v1/tenants/{tenantId}/assessments/{assessmentId}': inAssessment,
  'DELETE /api/v1/tenants/{tenantId}/assessments/{assessmentId}': inAssessment,
  // Each move from the status it is allowed from (its first plausible request succeeds).
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/start': assessment(
    (ids) => ids.draftAssessmentId,
  ),
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/complete': inAssessment,
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reopen': assessment(
    (ids) => ids.completedAssessmentId,
  ),
  // `If-Match: *` is "whatever the revision": a real request that any stored answer accepts.
  'PUT /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers/{questionKey}': {
    ...answer,
    headers: () => ({ 'if-match': '*' }),
  },
  'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers/{questionKey}/history': {
    path: answer.path,
  },
  // "Nothing changed here": the world's sections (and hostile keys), once per idempotency key.
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/sections/{sectionKey}/confirm': {
    path: { ...inAssessment.path, sectionKey: (ids) => ids.sectionKeys },
  },
  'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents': inAssessment,
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents': inAssessment,
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents/{respondentId}/resend':
    respondent,
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents/{respondentId}/revoke':
    respondent,
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/respondents/{respondentId}/remind':
    respondent,
  'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reminder-settings': inAssessment,
  'PUT /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reminder-settings': inAssessment,
  'GET /api/v1/dashboard': {},
  // The caller's own calendar feed; the feed itself by a well-formed secret nobody holds (the
  // real one is shown once: calendar.test.ts reads it).
  'GET /api/v1/calendar-feed': {},
  'POST /api/v1/calendar-feed': {},
  'DELETE /api/v1/calendar-feed': {},
  'GET /api/v1/calendar/{token}.ics': { path: { token: () => 'A'.repeat(43) } },
  // The baseline: marking takes a completed assessment of the tenant (fresh after each reset).
  'GET /api/v1/tenants/{tenantId}/baseline': tenant,
  'PUT /api/v1/tenants/{tenantId}/baseline': {
    ...tenant,
    fields: (_path, ids) => ({ assessmentId: fc.constant(ids.completedAssessmentId) }),
  },
  'DELETE /api/v1/tenants/{tenantId}/baseline': tenant,
  // Carrying forward: an assessment on v1 whose framework has v2, and one carried already.
  'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/carry-forward': assessment(
    (ids) => ids.carryAssessmentId,
  ),
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/carry-forward': assessment(
    (ids) => ids.carryAssessmentId,
  ),
  'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/carry-forwards': assessment(
    (ids) => ids.carriedAssessmentId,
  ),
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/carry-forwards/{carryForwardId}/undo':
    {
      path: {
        ...assessment((ids) => ids.carriedAssessmentId).path,
        carryForwardId: (ids) => ids.carryForwardId,
      },
    },
  'PUT /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reviews/{questionKey}': {
    path: {
      ...assessment((ids) => ids.carriedAssessmentId).path,
      questionKey: () => ['Q1', 'Q2', 'Q3'],
    },
  },
  // Remediation: a task of the tenant with one checklist item (fresh after each reset); a task
  // from a question names the world's assessment and one of its questions.
  'GET /api/v1/tenants/{tenantId}/tasks': tenant,
  'GET /api/v1/tenants/{tenantId}/tasks.csv': tenant,
  'POST /api/v1/tenants/{tenantId}/tasks': {
    ...tenant,
    fields: (_path, ids) => ({
      source: fc.option(
        fc.record({
          assessmentId: fc.constant(ids.assessmentId),
          questionKey: fc.constantFrom(...questionKey(ids)),
        }),
        { nil: undefined },
      ),
    }),
  },
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/gap-tasks': inAssessment,
  'POST /api/v1/tenants/{tenantId}/tasks/bulk-status': {
    ...tenant,
    fields: (_path, ids) => ({ ids: fc.constant([ids.taskId]) }),
  },
  'GET /api/v1/tenants/{tenantId}/tasks/{taskId}': task,
  'PATCH /api/v1/tenants/{tenantId}/tasks/{taskId}': task,
  'DELETE /api/v1/tenants/{tenantId}/tasks/{taskId}': task,
  'PUT /api/v1/tenants/{tenantId}/tasks/{taskId}/checklist/{itemId}': {
    path: { ...task.path, itemId: (ids) => ids.checklistItemId },
  },
  'POST /api/v1/tenants/{tenantId}/tasks/{taskId}/comments': task,
  // PDF reports: made of the world's assessment (rendered at once by the tests' queue); a done
  // report of it to read and download (fresh after each reset).
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/reports': inAssessment,
  'GET /api/v1/tenants/{tenantId}/reports/{reportId}': report,
  'GET /api/v1/tenants/{tenantId}/reports/{reportId}/file': report,
  // Evidence packs: made of the world's assessment (built at once by the tests' queue); a done
  // pack of it to read and download (fresh after each reset).
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/evidence-packs': inAssessment,
  'GET /api/v1/tenants/{tenantId}/evidence-packs/{packId}': evidencePack,
  'GET /api/v1/tenants/{tenantId}/evidence-packs/{packId}/file': evidencePack,
  // An event stream: a 200 is cancelled unread (fuzz.test.ts), so the suite never waits on it.
  'GET /api/v1/tenants/{tenantId}/live': { ...tenant, headers: () => ({ 'last-event-id': '0' }) },

  // Evidence: uploads are raw bytes; the library's cursor is `createdAt|id`.
  'GET /api/v1/tenants/{tenantId}/evidence': {
    ...tenant,
    cursor: (_q, _ids, part) => fc.tuple(part.time, part.id),
  },
  'POST /api/v1/tenants/{tenantId}/evidence': { ...tenant, body: 'binary' },
  'GET /api/v1/tenants/{tenantId}/evidence/{evidenceId}': evidence,
  'PATCH /api/v1/tenants/{tenantId}/evidence/{evidenceId}': evidence,
  'POST /api/v1/tenants/{tenantId}/evidence/{evidenceId}/revisions': {
    ...evidence,
    body: 'binary',
  },
  'DELETE /api/v1/tenants/{tenantId}/evidence/{evidenceId}': evidence,
  'POST /api/v1/tenants/{tenantId}/evidence/{evidenceId}/download-link': evidence,
  'GET /api/v1/tenants/{tenantId}/evidence/{evidenceId}/preview': evidence,
  'GET /api/v1/evidence-downloads/{token}': { path: { token: (ids) => `${ids.evidenceId}.x` } },
  'GET /api/v1/tenants/{tenantId}/assessments/{assessmentId}/evidence': inAssessment,
  'PUT /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers/{questionKey}/evidence/{evidenceId}':
    evidenceOnAnswer,
  'DELETE /api/v1/tenants/{tenantId}/assessments/{assessmentId}/answers/{questionKey}/evidence/{evidenceId}':
    evidenceOnAnswer,
  'GET /api/v1/respond/evidence': {
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
  },
  'POST /api/v1/respond/answers/{questionKey}/evidence': {
    path: { questionKey },
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
    body: 'binary',
  },
  'DELETE /api/v1/respond/answers/{questionKey}/evidence/{evidenceId}': {
    path: { questionKey, evidenceId: (ids) => ids.evidenceId },
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
  },
  'POST /api/v1/respond/evidence/{evidenceId}/download-link': {
    path: { evidenceId: (ids) => ids.evidenceId },
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
  },
  // The respondent API: no session, the token is the authority. The owner and anonymous send
  // the world respondent's token; submitting has its own respondent (then their writes are 409).
  'GET /api/v1/respond': {
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
  },
  'PUT /api/v1/respond/answers/{questionKey}': {
    path: { questionKey },
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
    fields: answer.fields,
    runs: answer.runs,
  },
  'POST /api/v1/respond/sections/{sectionKey}/confirm': {
    path: { sectionKey: (ids) => ids.sectionKeys },
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
  },
  'PUT /api/v1/respond/locale': {
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
  },
  'POST /api/v1/respond/submit': {
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.submitterToken }),
  },
  // Reminders: the world respondent's token stops (or resumes) their own reminders.
  'GET /api/v1/respond/reminders': {
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
  },
  'PUT /api/v1/respond/reminders': {
    headers: (ids) => ({ [RESPONDENT_TOKEN_HEADER]: ids.respondentToken }),
  },

  // Billing: the owner's account is on its trial (no paid subscription), so change, cancel,
  // resume and the portal answer 409; a checkout opens a sandbox page and changes nothing.
  // The webhook refuses every request without Stripe's signature (400).
  'GET /api/v1/billing': {},
  'GET /api/v1/billing/invoices': {},
  'POST /api/v1/billing/checkout': {},
  'POST /api/v1/billing/change': {},
  'POST /api/v1/billing/cancel': {},
  'POST /api/v1/billing/resume': {},
  'POST /api/v1/billing/portal': {},
  'POST /api/v1/billing/webhooks/stripe': {},

  // The service console's subscriptions (the owner is a system admin). Cursor: [status filter
  // of the same request, sort key with microseconds, account id]. Trial and comp act on the
  // owner's own account (a comp may leave it on another plan: these run last).
  'GET /api/v1/service/subscriptions': {
    cursor: (q, _ids, part) => fc.tuple(fc.constant(q.status ?? 'all'), part.time, part.id),
  },
  'POST /api/v1/service/subscriptions/{accountId}/trial': {
    path: { accountId: (ids) => ids.accountId },
  },
  'POST /api/v1/service/subscriptions/{accountId}/comp': {
    path: { accountId: (ids) => ids.accountId },
  },

  // The service console's account export and deletion, on the owner's own account. An export
  // id that names nothing is a 404; scheduling a deletion needs a finished export (409 without).
  'POST /api/v1/service/accounts/{accountId}/exports': {
    path: { accountId: (ids) => ids.accountId },
  },
  'GET /api/v1/service/accounts/{accountId}/exports': {
    path: { accountId: (ids) => ids.accountId },
  },
  'GET /api/v1/service/accounts/{accountId}/exports/{exportId}/download': {
    path: {
      accountId: (ids) => ids.accountId,
      exportId: () => '00000000-0000-4000-8000-000000000000',
    },
  },
  'GET /api/v1/service/accounts/{accountId}/deletion': {
    path: { accountId: (ids) => ids.accountId },
  },
  'POST /api/v1/service/accounts/{accountId}/deletion': {
    path: { accountId: (ids) => ids.accountId },
  },
  'DELETE /api/v1/service/accounts/{accountId}/deletion': {
    path: { accountId: (ids) => ids.accountId },
  },
  'GET /api/v1/service/accounts/{accountId}/support-access': {
    path: { accountId: (ids) => ids.accountId },
  },
  // A support session: the owner persona is no system admin (403); anonymous 401.
  'POST /api/v1/service/accounts/{accountId}/support-session': {
    path: { accountId: (ids) => ids.accountId },
  },

  // The service console's accounts tab, on the owner's own account (reset() takes back a
  // suspension and puts the owner back in charge). Cursor: [created_at with microseconds, id].
  'GET /api/v1/service/accounts': { cursor: (_q, _ids, part) => fc.tuple(part.time, part.id) },
  'GET /api/v1/service/accounts/{accountId}': { path: { accountId: (ids) => ids.accountId } },
  'POST /api/v1/service/accounts/{accountId}/suspend': {
    path: { accountId: (ids) => ids.accountId },
  },
  'POST /api/v1/service/accounts/{accountId}/restore': {
    path: { accountId: (ids) => ids.accountId },
  },
  'POST /api/v1/service/accounts/{accountId}/transfer': {
    path: { accountId: (ids) => ids.accountId },
    fields: (_path, ids) => ({ userId: fc.constant(ids.ownerUserId) }),
  },
  'GET /api/v1/service/accounts/{accountId}/notes': {
    path: { accountId: (ids) => ids.accountId },
  },
  'POST /api/v1/service/accounts/{accountId}/notes': {
    path: { accountId: (ids) => ids.accountId },
  },
  'DELETE /api/v1/service/accounts/{accountId}/notes/{noteId}': {
    path: {
      accountId: (ids) => ids.accountId,
      noteId: () => '00000000-0000-4000-8000-000000000000',
    },
  },

  // The service console's tenants drill-down: read-only views of the owner's own tenant (the
  // owner is a system admin too). Cursors as the account's own lists make them.
  'GET /api/v1/service/accounts/{accountId}/tenants': {
    path: { accountId: (ids) => ids.accountId },
    cursor: tenantListCursor,
  },
  'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}': serviceTenant,
  'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/assessments': {
    ...serviceTenant,
    cursor: (q, _ids, part) => fc.tuple(fc.constant(q.status ?? 'all'), part.time, part.id),
  },
  'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/assessments/{assessmentId}': {
    path: { ...serviceTenant.path, assessmentId: (ids) => ids.assessmentId },
  },
  'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/baseline': serviceTenant,
  'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/tasks': serviceTenant,
  'GET /api/v1/service/accounts/{accountId}/tenants/{tenantId}/tasks/{taskId}': {
    path: { ...serviceTenant.path, taskId: (ids) => ids.taskId },
  },

  // The service console's audit tab. Cursor: [created_at with microseconds, entry id]. The
  // export streams (read whole); verify queues a job walking the whole chain.
  'GET /api/v1/service/audit': { cursor: (_q, _ids, part) => fc.tuple(part.time, part.id) },
  'GET /api/v1/service/audit/export': {},
  'POST /api/v1/service/audit/verify': {},
  'GET /api/v1/service/audit/verify': {},

  // The service console's analytics tab: a range of whole days (at most 366).
  'GET /api/v1/service/analytics': {},
  'GET /api/v1/service/analytics/export': {},
  'POST /api/v1/service/analytics/refresh': {},

  // The service console's users tab. Cursor: [created_at with microseconds, user id]. Actions
  // name the targets' member (fresh each reset, no session, not verified) or the owner itself
  // (a system admin: 409 on itself); a session id that names nothing is a 404.
  'GET /api/v1/service/users': { cursor: (_q, _ids, part) => fc.tuple(part.time, part.id) },
  'GET /api/v1/service/users/{userId}': {
    path: { userId: (ids) => [ids.memberUserId, ids.ownerUserId] },
  },
  'DELETE /api/v1/service/users/{userId}/sessions/{sessionId}': {
    path: {
      userId: (ids) => ids.memberUserId,
      sessionId: () => '00000000-0000-4000-8000-000000000000',
    },
  },
  'DELETE /api/v1/service/users/{userId}/sessions': { path: { userId: (ids) => ids.memberUserId } },
  'POST /api/v1/service/users/{userId}/disable': {
    path: { userId: (ids) => [ids.memberUserId, ids.ownerUserId] },
  },
  'POST /api/v1/service/users/{userId}/enable': { path: { userId: (ids) => ids.memberUserId } },
  'POST /api/v1/service/users/{userId}/second-factors/reset': {
    path: { userId: (ids) => ids.memberUserId },
  },
  'POST /api/v1/service/users/{userId}/verification': {
    path: { userId: (ids) => ids.memberUserId },
  },
  'POST /api/v1/service/users/{userId}/password-reset': {
    path: { userId: (ids) => ids.memberUserId },
  },
  'PUT /api/v1/service/users/{userId}/roles/{role}': {
    path: {
      userId: (ids) => [ids.memberUserId, ids.ownerUserId],
      role: () => ['admin', 'developer'],
    },
  },
  'DELETE /api/v1/service/users/{userId}/roles/{role}': {
    path: {
      userId: (ids) => [ids.memberUserId, ids.ownerUserId],
      role: () => ['admin', 'developer'],
    },
  },

  // The service console's overview and system tabs. Jobs cursor: [state, ended or created
  // with microseconds, job uuid]. The job id is made up (the fuzz world runs jobs inline).
  'GET /api/v1/service/overview': {},
  'GET /api/v1/service/system': {},
  'GET /api/v1/service/system/jobs': {
    cursor: (q, _ids, part) => fc.tuple(fc.constant(q.state ?? 'failed'), part.time, fc.uuid()),
  },
  'POST /api/v1/service/system/jobs/{jobId}/retry': { path: { jobId: () => FUZZ_JOB_ID } },
  'DELETE /api/v1/service/system/jobs/{jobId}': { path: { jobId: () => FUZZ_JOB_ID } },

  // The roadmap (service-wide; the owner is also staff). Items are made fresh by reset().
  'GET /api/v1/roadmap/items': {},
  'POST /api/v1/roadmap/items': {},
  'GET /api/v1/roadmap/items/{id}': {
    path: { id: (ids) => [ids.roadmapItemId, ids.roadmapPendingId] },
  },
  'POST /api/v1/roadmap/items/{id}/vote': { path: { id: (ids) => ids.roadmapItemId } },
  'POST /api/v1/roadmap/items/{id}/comments': { path: { id: (ids) => ids.roadmapItemId } },
  'GET /api/v1/service/roadmap/items': {},
  'POST /api/v1/service/roadmap/items': {},
  'PATCH /api/v1/service/roadmap/items/{id}': { path: { id: (ids) => ids.roadmapItemId } },
  'POST /api/v1/service/roadmap/items/{id}/approve': {
    path: { id: (ids) => ids.roadmapPendingId },
  },
  'POST /api/v1/service/roadmap/items/{id}/status': { path: { id: (ids) => ids.roadmapItemId } },
  'POST /api/v1/service/roadmap/items/{id}/merge': {
    path: { id: (ids) => ids.roadmapItemId },
    fields: (_path, ids) => ({
      targetId: fc.constantFrom(ids.roadmapTargetId, ids.roadmapPendingId),
    }),
  },

  // Feedback: anyone signed in sends it (10 an hour per user: later plausible sends are 429);
  // the staff list's cursor is [created_at with microseconds, id]; reset() makes a fresh one.
  'POST /api/v1/feedback': {},
  'GET /api/v1/service/feedback': {
    cursor: (_q, _ids, part) => fc.tuple(part.time, part.id),
  },
  'PATCH /api/v1/service/feedback/{id}': { path: { id: (ids) => ids.feedbackId } },
  'POST /api/v1/service/feedback/{id}/roadmap-item': { path: { id: (ids) => ids.feedbackId } },
  'POST /api/v1/service/feedback/{id}/ticket': { path: { id: (ids) => ids.feedbackId } },

  // API keys (the world's key is unusable: its hash is of no secret) and check results
  // (generated batches are mostly refused whole: 400, nothing written).
  // Starting the next assessment: from the world's completed assessment.
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/next': assessment(
    (ids) => ids.completedAssessmentId,
  ),
  // Schedules (schedulesFixture): an active one, and a paused one to resume.
  'GET /api/v1/schedules': {},
  'POST /api/v1/schedules': {
    fields: (_path, ids) => ({
      tenantId: fc.constant(ids.tenantId),
      tag: fc.constant(undefined),
      frameworkId: fc.constant(ids.assessmentFrameworkId),
    }),
  },
  'GET /api/v1/tenants/{tenantId}/schedules': tenant,
  'GET /api/v1/schedules/{id}': schedule,
  'PATCH /api/v1/schedules/{id}': schedule,
  'POST /api/v1/schedules/{id}/pause': schedule,
  'POST /api/v1/schedules/{id}/resume': { path: { id: (ids) => ids.pausedScheduleId } },
  'POST /api/v1/schedules/{id}/end': schedule,
  'GET /api/v1/api-keys': {},
  'POST /api/v1/api-keys': {},
  'DELETE /api/v1/api-keys/{id}': { path: { id: (ids) => ids.apiKeyId } },
  'POST /api/v1/tenants/{tenantId}/assessments/{assessmentId}/check-results': {
    ...inAssessment,
    runs: 3,
  },

  // Webhooks: the endpoint and delivery of webhooksFixture (reset() makes fresh ones). A created
  // endpoint points at a public address (no DNS lookup); nothing is sent in tests.
  'GET /api/v1/webhooks': {},
  'POST /api/v1/webhooks': {
    fields: () => ({
      url: fc.constant('https://93.184.215.14/fuzz'),
      events: fc.subarray([...WEBHOOK_EVENT_TYPES], { minLength: 1 }),
    }),
  },
  'GET /api/v1/webhooks/{id}': webhook,
  'PATCH /api/v1/webhooks/{id}': {
    ...webhook,
    fields: () => ({ url: fc.constantFrom(undefined, 'https://93.184.215.14/fuzz-changed') }),
  },
  'DELETE /api/v1/webhooks/{id}': webhook,
  'GET /api/v1/webhooks/{id}/secret': webhook,
  'POST /api/v1/webhooks/{id}/secret/rotate': webhook,
  'POST /api/v1/webhooks/{id}/ping': webhook,
  'GET /api/v1/webhooks/{id}/deliveries': {
    ...webhook,
    cursor: (_q, _ids, part) => fc.tuple(part.time, part.id),
  },
  'POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
    path: { id: webhookId, deliveryId: (ids) => ids.webhookDeliveryId },
  },
};
