import { createRoute } from '@hono/zod-openapi';
import { AssessmentParamsSchema, AssessmentResultsSchema } from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getTenant, requireTenant } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json } from '../../lib/openapi.ts';
import { getResults } from './results.service.ts';

/** An assessment's results (docs/assessments.md, "Results"). */
const resultsRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: '/tenants/{tenantId}/assessments/{assessmentId}/results',
  tags: ['assessments'],
  summary: 'An assessment’s results: scores against targets, gaps by weight, since the baseline',
  description:
    'The overall and per-section scores the assessment keeps on write against their targets, the gap questions ranked by weight (then by shortfall) with their remediation task, what changed since the tenant’s baseline (the baseline view’s like-with-like comparison) and plain counts of answered, not applicable and unanswered questions. Members and the tenant’s shared users read it.',
  request: { params: AssessmentParamsSchema },
  responses: {
    200: json(AssessmentResultsSchema, 'The results'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse(
      'No such client tenant or assessment in your account (`tenants.not_found`, `assessments.not_found`)',
    ),
  },
});

export const resultsRoutes = createRouter().openapi(resultsRoute, async (c) =>
  c.json(await getResults(c.var.deps.db, getTenant(c), c.req.valid('param').assessmentId), 200, {
    'cache-control': 'no-store',
  }),
);
