import { createRoute, z } from '@hono/zod-openapi';
import {
  AssessmentDetailSchema,
  AssessmentParamsSchema,
  CarryForwardInputSchema,
  CarryForwardListSchema,
  CarryForwardParamsSchema,
  CarryForwardPreviewSchema,
  CarryForwardQuerySchema,
  CarryForwardRecordSchema,
  ReviewParamsSchema,
} from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { getTenant, requireTenant } from '../../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../../lib/openapi.ts';
import { actor, noStore, ONE, TAGS } from '../assessments.http.ts';
import { getAssessment } from '../assessments.service.ts';
import {
  carryForward,
  listCarryForwards,
  markReviewed,
  previewCarryForward,
  undoCarryForward,
} from './carry-forward.service.ts';

/** Carrying an assessment forward to a newer framework version (carry-forward.service.ts). */

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

export const carryForwardRoutes = createRouter()
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
  });
