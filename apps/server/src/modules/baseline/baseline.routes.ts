import { createRoute } from '@hono/zod-openapi';
import {
  BaselineComparisonSchema,
  BaselineQuerySchema,
  SetBaselineSchema,
  TenantParamsSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getTenant, requireTenant } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { clearBaseline, getBaseline, setBaseline } from './baseline.service.ts';

/** The baseline of a client tenant and the comparison with it (docs/baseline.md). */
const TAGS = ['baseline'];
const PATH = '/tenants/{tenantId}/baseline';
const noStore = { 'cache-control': 'no-store' };

const getRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: PATH,
  tags: TAGS,
  summary: 'The baseline and a later assessment of its framework compared with it',
  description:
    'Per section and per question, matched by stable key across framework versions: both scores, the delta (latest − baseline) and the trend. `compare` picks the assessment compared; by default the latest completed or in-progress one of the baseline’s framework. Shared users of the tenant can read it.',
  request: { params: TenantParamsSchema, query: BaselineQuerySchema },
  responses: {
    200: json(BaselineComparisonSchema, 'The comparison (empty until a baseline is marked)'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse(
      'No such client tenant in your account (`tenants.not_found`), or `compare` is not an assessment of the baseline’s framework on it (`baseline.compare_not_found`)',
    ),
  },
});

const setRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'put',
  path: PATH,
  tags: TAGS,
  summary: 'Mark a completed assessment as the client tenant’s baseline (audited)',
  request: { params: TenantParamsSchema, body: jsonBody(SetBaselineSchema) },
  responses: {
    200: json(BaselineComparisonSchema, 'The comparison with the new baseline'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse(
      'No such client tenant or assessment in your account (`tenants.not_found`, `assessments.not_found`)',
    ),
    409: errorResponse('The assessment is not completed (`baseline.not_completed`)'),
  },
});

const clearRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'delete',
  path: PATH,
  tags: TAGS,
  summary: 'Clear the client tenant’s baseline (audited; none to clear is not an error)',
  request: { params: TenantParamsSchema },
  responses: {
    204: { description: 'Cleared' },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse('No such client tenant in your account (`tenants.not_found`)'),
  },
});

export const baselineRoutes = createRouter()
  .openapi(getRoute, async (c) =>
    c.json(
      await getBaseline(c.var.deps.db, getTenant(c), c.req.valid('query').compare),
      200,
      noStore,
    ),
  )
  .openapi(setRoute, async (c) => {
    const scope = getTenant(c);
    await setBaseline(c.var.deps.db, scope, c.req.valid('json').assessmentId);
    return c.json(await getBaseline(c.var.deps.db, scope), 200, noStore);
  })
  .openapi(clearRoute, async (c) => {
    await clearBaseline(c.var.deps.db, getTenant(c));
    return c.body(null, 204);
  });
