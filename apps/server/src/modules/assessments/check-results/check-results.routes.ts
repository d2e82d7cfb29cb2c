import { createRoute } from '@hono/zod-openapi';
import {
  AssessmentParamsSchema,
  CHECK_RESULT_LIMITS,
  CheckResultsBatchSchema,
  CheckResultsOutcomeSchema,
} from '@tenantry/shared';
import { createRouter } from '../../../auth/context.ts';
import { getClaims, getTenant, requireTenant } from '../../../auth/guards.ts';
import {
  errorResponse,
  errorResponses,
  json,
  jsonBody,
  sessionOrApiKey,
} from '../../../lib/openapi.ts';
import { applyCheckResults } from './check-results.service.ts';

const checkResultsRoute = createRoute({
  middleware: requireTenant('assessments.manage', 'tenantId', { apiKey: 'answers:write' }),
  method: 'post',
  path: '/tenants/{tenantId}/assessments/{assessmentId}/check-results',
  security: sessionOrApiKey('answers:write'),
  tags: ['assessments', 'developer'],
  summary: 'Push a batch of automated check results into an assessment (whole or nothing)',
  description: `For tools that already know answers (endpoint management, cloud posture, scanners). An API key with \`answers:write\` (or a member who manages assessments). Each result names a question by its stable key and becomes its answer with source \`automation\` and the tool's name (\`source\`); \`evidence\` becomes the answer's note. A result observed before the answer already there (e.g. a person's newer answer) does not replace it and is kept in the history (\`superseded\`). The same \`idempotencyKey\` again changes nothing (\`outcome: duplicate\`). Up to ${CHECK_RESULT_LIMITS.batch} results and 1 MB per request. Any invalid result refuses the whole batch with 400 and \`fields\` naming each failing result by index and question key (\`results.3.value\`). Completed assessments are locked (409 \`assessments.locked\`).`,
  request: { params: AssessmentParamsSchema, body: jsonBody(CheckResultsBatchSchema) },
  responses: {
    200: json(CheckResultsOutcomeSchema, 'Applied, or a replay of an applied batch'),
    400: errorResponses[400],
    401: errorResponses[401],
    402: errorResponses[402],
    403: errorResponses[403],
    404: errorResponse(
      'No such client tenant or assessment in the account (`tenants.not_found`, `assessments.not_found`)',
    ),
    409: errorResponses[409],
    413: errorResponses[413],
    429: errorResponses[429],
  },
});

export const checkResultRoutes = createRouter().openapi(checkResultsRoute, async (c) => {
  const ctx = getTenant(c);
  const claims = await getClaims(c);
  const outcome = await applyCheckResults(
    c.var.deps.db,
    {
      accountId: ctx.accountId,
      tenantId: ctx.tenantId,
      assessmentId: c.req.valid('param').assessmentId,
    },
    { apiKeyId: claims.apiKey?.id ?? null },
    c.req.valid('json'),
  );
  return c.json(outcome, 200);
});
