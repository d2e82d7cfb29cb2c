import { createRoute, z } from '@hono/zod-openapi';
import {
  ASSESSMENT_LIMITS,
  AnswerHistorySchema,
  AnswerInputSchema,
  AnswerParamsSchema,
  AnswerWriteResultSchema,
  AssessmentDetailSchema,
  AssessmentListQuerySchema,
  AssessmentPageSchema,
  AssessmentParamsSchema,
  CarryForwardInputSchema,
  CarryForwardListSchema,
  CarryForwardParamsSchema,
  CarryForwardPreviewSchema,
  CarryForwardQuerySchema,
  CarryForwardRecordSchema,
  CreateAssessmentSchema,
  ReviewParamsSchema,
  CreateRespondentSchema,
  ResendRespondentSchema,
  RespondentLinkSchema,
  RespondentListSchema,
  RespondentParamsSchema,
  RespondentSchema,
  TenantParamsSchema,
  UpdateAssessmentSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../auth/context.ts';
import { createRouter } from '../../auth/context.ts';
import { getClaims, getTenant, requireTenant } from '../../auth/guards.ts';
import {
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  sessionOrApiKey,
} from '../../lib/openapi.ts';
import { csvHeaders } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { answerHistoryOf, toAnswer, writeAnswer } from './answers/write.ts';
import { answersCsv } from './assessments.export.ts';
import {
  carryForward,
  listCarryForwards,
  markReviewed,
  previewCarryForward,
  undoCarryForward,
} from './carry-forward/carry-forward.service.ts';
import {
  assertAssessment,
  createAssessment,
  deleteAssessment,
  getAssessment,
  listAssessments,
  transitionAssessment,
  updateAssessment,
} from './assessments.service.ts';
import {
  addRespondent,
  listRespondents,
  resendRespondent,
  revokeRespondent,
} from './respondents/respondents.service.ts';

const TAGS = ['assessments'];
const notFound = errorResponse(
  'No such client tenant or assessment in your account (`tenants.not_found`, `assessments.not_found`)',
);
const BASE = '/tenants/{tenantId}/assessments';
const ONE = `${BASE}/{assessmentId}`;

/** The tenant context with the caller's display name (kept with answers and status changes). */
async function actor(c: Context<AppEnv>) {
  const claims = await getClaims(c);
  return { ...getTenant(c), name: claims.displayName || claims.email };
}

const noStore = { 'cache-control': 'no-store' };

/** Reading assessments is open to API keys with `assessments:read` too (docs/developer.md). */
const readWithKey = requireTenant('read', 'tenantId', { apiKey: 'assessments:read' });

const listRoute = createRoute({
  middleware: readWithKey,
  method: 'get',
  path: BASE,
  security: sessionOrApiKey('assessments:read'),
  tags: TAGS,
  summary: 'A page of the client tenant’s assessments, newest first',
  request: { params: TenantParamsSchema, query: AssessmentListQuerySchema },
  responses: {
    200: json(AssessmentPageSchema, 'One page'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const createAssessmentRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: BASE,
  tags: TAGS,
  summary: 'Start an assessment on a published framework version (pinned for its life)',
  description:
    'Scope: all sections, some sections (`scope.sections`, at any depth) and/or the questions carrying some tags (`scope.tags`). Targets override the framework’s default per top-level section.',
  request: { params: TenantParamsSchema, body: jsonBody(CreateAssessmentSchema) },
  responses: {
    201: json(AssessmentDetailSchema, 'Created (status draft)'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse(
      'No such tenant (`tenants.not_found`) or published framework version (`assessments.framework_not_found`)',
    ),
  },
});

const getRoute = createRoute({
  middleware: readWithKey,
  method: 'get',
  path: ONE,
  security: sessionOrApiKey('assessments:read'),
  tags: TAGS,
  summary: 'One assessment: the pinned document in scope, scores kept on write, every answer',
  request: { params: AssessmentParamsSchema },
  responses: {
    200: json(AssessmentDetailSchema, 'The assessment'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const exportRoute = createRoute({
  middleware: readWithKey,
  method: 'get',
  path: `${ONE}/answers.csv`,
  security: sessionOrApiKey('assessments:read'),
  tags: TAGS,
  summary: 'The answers as a CSV file (spreadsheet-safe), one row per question in scope',
  description:
    "Columns: section, section title, question, question title, type, answer (as a person reads it), not applicable, score (%), gap, note, answered by, answered at. UTF-8 with a byte-order mark; a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'` so a spreadsheet never runs it. Shared users of the tenant can download it.",
  request: { params: AssessmentParamsSchema },
  responses: {
    200: {
      description: 'The CSV file (an attachment)',
      content: { 'text/csv': { schema: z.string() } },
    },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const updateRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'patch',
  path: ONE,
  tags: TAGS,
  summary: 'Change the name, owner, due date or targets (only the fields sent; audited)',
  request: { params: AssessmentParamsSchema, body: jsonBody(UpdateAssessmentSchema) },
  responses: {
    200: json(AssessmentDetailSchema, 'Updated'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const deleteRoute = createRoute({
  middleware: requireTenant('assessments.delete'),
  method: 'delete',
  path: ONE,
  tags: TAGS,
  summary:
    'Delete an assessment with its answers and respondent links (owners and admins; audited)',
  request: { params: AssessmentParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const transitionRoute = (move: 'start' | 'complete' | 'reopen', summary: string) =>
  createRoute({
    middleware: requireTenant('assessments.manage'),
    method: 'post',
    path: `${ONE}/${move}`,
    tags: TAGS,
    summary,
    request: { params: AssessmentParamsSchema },
    responses: {
      200: json(AssessmentDetailSchema, 'The assessment in its new status'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: notFound,
      409: errorResponse('Not from its current status (`assessments.invalid_transition`)'),
    },
  });
const startRoute = transitionRoute('start', 'Draft → in progress (answering also starts it)');
const completeRoute = transitionRoute(
  'complete',
  'In progress or reopened → completed: answers are locked',
);
const reopenRoute = transitionRoute('reopen', 'Completed → reopened: answers can change again');

const answerRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'put',
  path: `${ONE}/answers/{questionKey}`,
  tags: TAGS,
  summary: 'Answer one question (members and shared contributors); scores follow at once',
  description:
    '`value: null` with `na: false` clears the answer. With an `idempotencyKey` a repeated write is applied once (`outcome: duplicate`). A write whose `answeredAt` is older than the stored answer is kept in the history and does not replace it (`outcome: superseded`). A write based on a revision of the answer (`baseRevision` in the body, or `If-Match: "3"`; 0 when there was no answer) is refused with 409 `assessments.answer_conflict` when someone else changed the answer since, with the answer as it is now in `details.current`; nothing is written.',
  request: {
    params: AnswerParamsSchema,
    headers: z.object({
      'if-match': z.string().max(40).optional().openapi({
        description: 'The revision the write is based on, e.g. `"3"` (as `baseRevision`)',
      }),
    }),
    body: jsonBody(AnswerInputSchema),
  },
  responses: {
    200: json(AnswerWriteResultSchema, 'What the write did, the answer and the progress now'),
    400: errorResponse('The value does not fit the question (`assessments.invalid_answer`)'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse('No such assessment or question in its scope'),
    409: errorResponse(
      'The assessment is completed (`assessments.locked`), or the answer changed since the revision the write was based on (`assessments.answer_conflict`, `details.current`)',
    ),
  },
});

/**
 * The revision a write is based on: `baseRevision` in the body, or the `If-Match` header
 * (`"3"`, `W/"3"` or `3`); both must agree.
 */
function baseRevisionOf(header: string | undefined, body: number | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return body;
  const m = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(header);
  const fromHeader = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(fromHeader) || fromHeader > 2_147_483_647) {
    throw new AppError('common.validation', 400, 'If-Match must name a revision, like "3".', {
      'if-match': 'Use the answer’s revision, like "3".',
    });
  }
  if (body !== undefined && body !== fromHeader) {
    throw new AppError('common.validation', 400, 'If-Match and baseRevision disagree.', {
      baseRevision: 'Must equal the revision in If-Match.',
    });
  }
  return fromHeader;
}

const historyRoute = createRoute({
  middleware: readWithKey,
  method: 'get',
  path: `${ONE}/answers/{questionKey}/history`,
  security: sessionOrApiKey('assessments:read'),
  tags: TAGS,
  summary: 'An answer and its earlier values, newest first',
  request: { params: AnswerParamsSchema },
  responses: {
    200: json(AnswerHistorySchema, 'The history'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const listRespondentsRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'get',
  path: `${ONE}/respondents`,
  tags: TAGS,
  summary: 'The respondents of an assessment, with their status and progress',
  request: { params: AssessmentParamsSchema },
  responses: {
    200: json(RespondentListSchema, 'The respondents'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const addRespondentRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: `${ONE}/respondents`,
  tags: TAGS,
  summary: 'Add a respondent: their own link, shown once and e-mailed (audited)',
  request: { params: AssessmentParamsSchema, body: jsonBody(CreateRespondentSchema) },
  responses: {
    201: json(RespondentLinkSchema, 'Added; `link` is shown only now'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: errorResponse(
      'Completed (`assessments.locked`) or full (`assessments.too_many_respondents`)',
    ),
  },
});

const resendRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: `${ONE}/respondents/{respondentId}/resend`,
  tags: TAGS,
  summary: 'A new link for a respondent (the old one stops working), e-mailed again',
  request: { params: RespondentParamsSchema, body: jsonBody(ResendRespondentSchema) },
  responses: {
    200: json(RespondentLinkSchema, 'The new link, shown only now'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: errorResponse('The assessment is completed (`assessments.locked`)'),
  },
});

const revokeRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: `${ONE}/respondents/{respondentId}/revoke`,
  tags: TAGS,
  summary: 'Revoke a respondent’s link: their next request is refused (audited)',
  request: { params: RespondentParamsSchema },
  responses: {
    200: json(RespondentSchema, 'Revoked'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

// ---------------------------------------------------------------------------------------------
// Carrying forward to a newer framework version (carry-forward.service.ts)
// ---------------------------------------------------------------------------------------------

const CARRY = `${ONE}/carry-forward`;

const previewCarryRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'get',
  path: CARRY,
  tags: TAGS,
  summary: 'What carrying the assessment forward to a newer framework version would do',
  description:
    'Questions added, removed and changed between the pinned version and `version` (by stable key, within the assessment’s scope), and what happens to each answer: carried, carried for review, or set aside (kept in the record). Nothing changes.',
  request: { params: AssessmentParamsSchema, query: CarryForwardQuerySchema },
  responses: {
    200: json(CarryForwardPreviewSchema, 'The preview'),
    400: errorResponse(
      'Not a newer version (`assessments.not_newer_version`), or no question of the scope is left in it (`assessments.empty_scope`)',
    ),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse(
      'No such assessment, or no such published version (`assessments.not_found`, `assessments.framework_not_found`)',
    ),
  },
});

const carryRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: CARRY,
  tags: TAGS,
  summary: 'Carry the assessment forward to a newer framework version (audited; can be undone)',
  description:
    'Answers follow their questions by stable key; answers to changed questions are marked for review; answers to removed questions (or that no longer fit) are set aside in the record, never deleted. Undo is possible for a while, until someone answers.',
  request: { params: AssessmentParamsSchema, body: jsonBody(CarryForwardInputSchema) },
  responses: {
    200: json(CarryForwardRecordSchema, 'What was done'),
    400: errorResponse(
      'Not a newer version (`assessments.not_newer_version`), or no question of the scope is left in it (`assessments.empty_scope`)',
    ),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse(
      'No such assessment, or no such published version (`assessments.not_found`, `assessments.framework_not_found`)',
    ),
    409: errorResponse('The assessment is completed (`assessments.locked`)'),
  },
});

const listCarryRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: `${ONE}/carry-forwards`,
  tags: TAGS,
  summary: 'Every carry-forward of the assessment, newest first, with the answers it set aside',
  request: { params: AssessmentParamsSchema },
  responses: {
    200: json(CarryForwardListSchema, 'The carry-forwards'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse('No such assessment (`assessments.not_found`)'),
  },
});

const undoCarryRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'post',
  path: `${ONE}/carry-forwards/{carryForwardId}/undo`,
  tags: TAGS,
  summary: 'Undo a carry-forward: the pinned version, scores and answers as they were (audited)',
  request: { params: CarryForwardParamsSchema },
  responses: {
    200: json(AssessmentDetailSchema, 'The assessment as it is again'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse(
      'No such assessment or carry-forward (`assessments.not_found`, `assessments.carry_forward_not_found`)',
    ),
    409: errorResponse(
      'It can no longer be undone: too old, answered since, undone already, a later one (`assessments.undo_unavailable`)',
    ),
  },
});

const reviewRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'put',
  path: `${ONE}/reviews/{questionKey}`,
  tags: TAGS,
  summary: 'Mark a question reviewed after a carry-forward',
  request: { params: ReviewParamsSchema },
  responses: {
    200: json(z.object({ review: z.array(z.string()) }), 'The questions still to review'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse('No such assessment (`assessments.not_found`)'),
  },
});

export const assessmentRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await listAssessments(c.var.deps.db, getTenant(c), c.req.valid('query')), 200);
  })
  .openapi(createAssessmentRoute, async (c) => {
    const input = c.req.valid('json');
    return c.json(await createAssessment(c.var.deps.db, await actor(c), input), 201);
  })
  .openapi(getRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    return c.json(await getAssessment(c.var.deps.db, getTenant(c), assessmentId), 200, noStore);
  })
  .openapi(previewCarryRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    const { version } = c.req.valid('query');
    return c.json(
      await previewCarryForward(c.var.deps.db, getTenant(c), assessmentId, version),
      200,
      noStore,
    );
  })
  .openapi(carryRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    const { version } = c.req.valid('json');
    return c.json(await carryForward(c.var.deps.db, await actor(c), assessmentId, version), 200);
  })
  .openapi(listCarryRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    return c.json(
      { items: await listCarryForwards(c.var.deps.db, getTenant(c), assessmentId) },
      200,
      noStore,
    );
  })
  .openapi(undoCarryRoute, async (c) => {
    const { assessmentId, carryForwardId } = c.req.valid('param');
    const scope = await actor(c);
    await undoCarryForward(c.var.deps.db, scope, assessmentId, carryForwardId);
    return c.json(await getAssessment(c.var.deps.db, scope, assessmentId), 200);
  })
  .openapi(reviewRoute, async (c) => {
    const { assessmentId, questionKey } = c.req.valid('param');
    return c.json(
      { review: await markReviewed(c.var.deps.db, getTenant(c), assessmentId, questionKey) },
      200,
    );
  })
  .openapi(exportRoute, async (c) => {
    const { fileName, csv } = await answersCsv(
      c.var.deps.db,
      getTenant(c),
      c.req.valid('param').assessmentId,
    );
    return c.body(csv, 200, csvHeaders(fileName)) as never;
  })
  .openapi(updateRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    const input = c.req.valid('json');
    return c.json(await updateAssessment(c.var.deps.db, await actor(c), assessmentId, input), 200);
  })
  .openapi(deleteRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    await deleteAssessment(c.var.deps.db, await actor(c), assessmentId);
    return c.body(null, 204);
  })
  .openapi(startRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    return c.json(
      await transitionAssessment(c.var.deps.db, await actor(c), assessmentId, 'start'),
      200,
    );
  })
  .openapi(completeRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    return c.json(
      await transitionAssessment(c.var.deps.db, await actor(c), assessmentId, 'complete'),
      200,
    );
  })
  .openapi(reopenRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    return c.json(
      await transitionAssessment(c.var.deps.db, await actor(c), assessmentId, 'reopen'),
      200,
    );
  })
  .openapi(answerRoute, async (c) => {
    const { tenantId, assessmentId, questionKey } = c.req.valid('param');
    const who = await actor(c);
    const body = c.req.valid('json');
    const baseRevision = baseRevisionOf(c.req.valid('header')['if-match'], body.baseRevision);
    const result = await writeAnswer(
      c.var.deps.db,
      { accountId: who.accountId, tenantId, assessmentId },
      { source: who.shareRole ? 'shared' : 'member', userId: who.userId, name: who.name },
      questionKey,
      { ...body, ...(baseRevision !== undefined && { baseRevision }) },
      { live: c.var.deps.live },
    );
    // A write is accepted only on an open assessment (completed answers 409 `locked` before
    // anything else), so the progress it answers is provisional (docs/scoring.md).
    return c.json({ ...result, progress: { ...result.progress, provisional: true } }, 200);
  })
  .openapi(historyRoute, async (c) => {
    const { assessmentId, questionKey } = c.req.valid('param');
    const scope = getTenant(c);
    await assertAssessment(c.var.deps.db, scope, assessmentId);
    const { current, entries } = await answerHistoryOf(
      c.var.deps.db,
      { ...scope, assessmentId },
      questionKey,
      ASSESSMENT_LIMITS.historyMax,
    );
    return c.json(
      {
        questionKey,
        current: current ? toAnswer(current) : null,
        entries: entries.map((e) => ({
          value: e.value ?? null,
          na: e.na,
          note: e.note,
          answeredBy: {
            source: e.source,
            name: e.answeredByName,
            userId: e.userId,
            respondentId: e.respondentId,
          },
          answeredAt: e.answeredAt.toISOString(),
          replacedAt: e.replacedAt.toISOString(),
        })),
      },
      200,
      noStore,
    );
  })
  .openapi(listRespondentsRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    const items = await listRespondents(c.var.deps.db, getTenant(c), assessmentId);
    return c.json({ items }, 200, noStore);
  })
  .openapi(addRespondentRoute, async (c) => {
    const { assessmentId } = c.req.valid('param');
    const { db, mailer, config } = c.var.deps;
    const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
    const result = await addRespondent(db, await actor(c), assessmentId, c.req.valid('json'), mail);
    return c.json(result, 201, noStore);
  })
  .openapi(resendRoute, async (c) => {
    const { assessmentId, respondentId } = c.req.valid('param');
    const { db, mailer, config } = c.var.deps;
    const mail = { mailer, publicUrl: config.publicUrl, log: c.var.log };
    const result = await resendRespondent(
      db,
      await actor(c),
      assessmentId,
      respondentId,
      c.req.valid('json'),
      mail,
    );
    return c.json(result, 200, noStore);
  })
  .openapi(revokeRoute, async (c) => {
    const { assessmentId, respondentId } = c.req.valid('param');
    return c.json(
      await revokeRespondent(c.var.deps.db, await actor(c), assessmentId, respondentId),
      200,
    );
  });
