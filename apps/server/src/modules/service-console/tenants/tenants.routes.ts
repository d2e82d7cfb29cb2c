import { createRoute } from '@hono/zod-openapi';
import {
  AssessmentDetailSchema,
  AssessmentListQuerySchema,
  AssessmentPageSchema,
  BaselineComparisonSchema,
  BaselineQuerySchema,
  ServiceAccountTenantsParamsSchema,
  ServiceAssessmentParamsSchema,
  ServiceTaskParamsSchema,
  ServiceTenantPageSchema,
  ServiceTenantParamsSchema,
  ServiceTenantViewSchema,
  TaskDetailSchema,
  TaskListQuerySchema,
  TaskListSchema,
  TenantListQuerySchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { createRouter, type AppEnv } from '../../../auth/context.ts';
import { getClaims, requireSystemRole } from '../../../auth/guards.ts';
import { errorResponse, errorResponses, json } from '../../../lib/openapi.ts';
import {
  listAccountTenants,
  listTenantAssessments,
  listTenantTasks,
  viewAssessment,
  viewBaseline,
  viewTask,
  viewTenant,
} from './tenants.service.ts';

/**
 * The service console's tenants drill-down (docs/service-console.md): read-only, for system
 * admins only. Every view of a tenant is audited (`service.tenant_viewed`, coalesced).
 */
const TAGS = ['service'];
const LIST = '/service/accounts/{accountId}/tenants';
const ONE = `${LIST}/{tenantId}`;
const guard = requireSystemRole(['admin']);
const refusals = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
};
const READ_ONLY =
  'Read-only; audited as `service.tenant_viewed` (one entry per system admin and client tenant per 10 minutes). System admins only.';
const noTenant = errorResponse('No such client tenant in that account (`tenants.not_found`)');

const listRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: LIST,
  tags: TAGS,
  summary:
    'A page of the account’s client tenants, as its members list them (search, tag, status, sort; keyset cursor), with the account’s name. System admins only.',
  request: { params: ServiceAccountTenantsParamsSchema, query: TenantListQuerySchema },
  responses: {
    200: json(ServiceTenantPageSchema, 'One page'),
    ...refusals,
    404: errorResponse('No such account (`common.not_found`)'),
  },
});

const getRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: ONE,
  tags: TAGS,
  summary: `One client tenant of the account: its details and overview (newest assessments, baseline, task counts and newest open tasks). ${READ_ONLY}`,
  request: { params: ServiceTenantParamsSchema },
  responses: {
    200: json(ServiceTenantViewSchema, 'The client tenant'),
    ...refusals,
    404: noTenant,
  },
});

const assessmentsRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: `${ONE}/assessments`,
  tags: TAGS,
  summary: `The client tenant’s assessments, newest first (keyset cursor), as its assessments tab lists them. ${READ_ONLY}`,
  request: { params: ServiceTenantParamsSchema, query: AssessmentListQuerySchema },
  responses: {
    200: json(AssessmentPageSchema, 'One page'),
    ...refusals,
    404: noTenant,
  },
});

const assessmentRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: `${ONE}/assessments/{assessmentId}`,
  tags: TAGS,
  summary: `One assessment of the client tenant: its framework cut to its scope, answers, scores and status history (\`can\` is all false). ${READ_ONLY}`,
  request: { params: ServiceAssessmentParamsSchema },
  responses: {
    200: json(AssessmentDetailSchema, 'The assessment'),
    ...refusals,
    404: errorResponse(
      'No such client tenant in that account (`tenants.not_found`) or no such assessment of it (`assessments.not_found`)',
    ),
  },
});

const baselineRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: `${ONE}/baseline`,
  tags: TAGS,
  summary: `The client tenant’s baseline and an assessment compared with it (\`compare\`, by default the latest), as its baseline tab shows it. ${READ_ONLY}`,
  request: { params: ServiceTenantParamsSchema, query: BaselineQuerySchema },
  responses: {
    200: json(BaselineComparisonSchema, 'The comparison (empty until a baseline is marked)'),
    ...refusals,
    404: errorResponse(
      'No such client tenant in that account (`tenants.not_found`), or `compare` is not an assessment of the baseline’s framework on it (`baseline.compare_not_found`)',
    ),
  },
});

const tasksRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: `${ONE}/tasks`,
  tags: TAGS,
  summary: `The client tenant’s remediation tasks, newest first, with counts (the filters of its remediation tab). ${READ_ONLY}`,
  request: { params: ServiceTenantParamsSchema, query: TaskListQuerySchema },
  responses: {
    200: json(TaskListSchema, 'The tasks'),
    ...refusals,
    404: noTenant,
  },
});

const taskRoute = createRoute({
  middleware: guard,
  method: 'get',
  path: `${ONE}/tasks/{taskId}`,
  tags: TAGS,
  summary: `One remediation task of the client tenant, with its checklist and comments. ${READ_ONLY}`,
  request: { params: ServiceTaskParamsSchema },
  responses: {
    200: json(TaskDetailSchema, 'The task'),
    ...refusals,
    404: errorResponse(
      'No such client tenant in that account (`tenants.not_found`) or no such task on it (`tasks.not_found`)',
    ),
  },
});

/** The system admin who looks, never cached. */
async function viewer(c: Context<AppEnv>) {
  const { uid, email } = await getClaims(c);
  c.header('cache-control', 'no-store');
  return { userId: uid, email };
}

/** Mounted under /api/v1. */
export const serviceTenantRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    c.header('cache-control', 'no-store');
    const { accountId } = c.req.valid('param');
    return c.json(await listAccountTenants(c.var.deps.db, accountId, c.req.valid('query')), 200);
  })
  .openapi(getRoute, async (c) => {
    const who = await viewer(c);
    return c.json(await viewTenant(c.var.deps.db, who, c.req.valid('param')), 200);
  })
  .openapi(assessmentsRoute, async (c) => {
    const who = await viewer(c);
    const ids = c.req.valid('param');
    return c.json(await listTenantAssessments(c.var.deps.db, who, ids, c.req.valid('query')), 200);
  })
  .openapi(assessmentRoute, async (c) => {
    const who = await viewer(c);
    const { assessmentId, ...ids } = c.req.valid('param');
    return c.json(await viewAssessment(c.var.deps.db, who, ids, assessmentId), 200);
  })
  .openapi(baselineRoute, async (c) => {
    const who = await viewer(c);
    const ids = c.req.valid('param');
    return c.json(await viewBaseline(c.var.deps.db, who, ids, c.req.valid('query').compare), 200);
  })
  .openapi(tasksRoute, async (c) => {
    const who = await viewer(c);
    const ids = c.req.valid('param');
    return c.json(await listTenantTasks(c.var.deps.db, who, ids, c.req.valid('query')), 200);
  })
  .openapi(taskRoute, async (c) => {
    const who = await viewer(c);
    const { taskId, ...ids } = c.req.valid('param');
    return c.json(await viewTask(c.var.deps.db, who, ids, taskId), 200);
  });
