import { createRoute, z } from '@hono/zod-openapi';
import {
  AssessmentDetailSchema,
  AssessmentListQuerySchema,
  AssessmentPageSchema,
  AssessmentParamsSchema,
  CreateAssessmentSchema,
  TenantParamsSchema,
  UpdateAssessmentSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getTenant, requireTenant } from '../../auth/guards.ts';
import { csvHeaders } from '../../lib/csv.ts';
import {
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  sessionOrApiKey,
} from '../../lib/openapi.ts';
import { answersCsv } from './assessments.export.ts';
import { actor, BASE, noStore, notFound, ONE, readWithKey, TAGS } from './assessments.http.ts';
import {
  createAssessment,
  deleteAssessment,
  getAssessment,
  listAssessments,
  transitionAssessment,
  updateAssessment,
} from './assessments.service.ts';

/**
 * The assessment itself: list, start, read, export, change, delete and move its status. Its
 * answers, respondents and carry-forwards have their own route files beside it.
 */

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
  });
