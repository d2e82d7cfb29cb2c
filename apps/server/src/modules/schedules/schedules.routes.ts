import { createRoute } from '@hono/zod-openapi';
import {
  CreateScheduleSchema,
  IdParamsSchema,
  ScheduleListSchema,
  ScheduleSchema,
  TenantParamsSchema,
  UpdateScheduleSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, getTenant, requireAccount, requireTenant } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import {
  createSchedule,
  getSchedule,
  listSchedules,
  listTenantSchedules,
  moveSchedule,
  updateSchedule,
} from './schedules.service.ts';

/**
 * Schedules of recurring assessments (docs/scheduling.md): account-level, like the other
 * objects of the account (`/schedules`), with the list of one client tenant's under the tenant.
 */
const TAGS = ['schedules'];
const manage = requireAccount('assessments.manage');
const noStore = { 'cache-control': 'no-store' };
const notFound = errorResponse('No such schedule in your account (`schedules.not_found`)');
const ended = errorResponse(
  'The schedule has ended (`schedules.ended`), or cannot move that way (`schedules.invalid_transition`)',
);

const listRoute = createRoute({
  middleware: manage,
  method: 'get',
  path: '/schedules',
  tags: TAGS,
  summary:
    'The account’s schedules (those of the client tenants you reach), with next dates and runs',
  responses: {
    200: json(ScheduleListSchema, 'The schedules, active first'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const tenantListRoute = createRoute({
  middleware: requireTenant('assessments.manage'),
  method: 'get',
  path: '/tenants/{tenantId}/schedules',
  tags: TAGS,
  summary: 'The schedules of one client tenant: its own and those of its tags',
  request: { params: TenantParamsSchema },
  responses: {
    200: json(ScheduleListSchema, 'The schedules'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse('No such client tenant (`tenants.not_found`)'),
  },
});

const createScheduleRoute = createRoute({
  middleware: manage,
  method: 'post',
  path: '/schedules',
  tags: TAGS,
  summary: 'Set up a schedule for one client tenant or for every tenant with a tag (audited)',
  description:
    'Each period’s assessment is created `leadDays` before its due date (the anchor plus whole cadences, UTC), from the tenant’s last completed assessment on the framework with its answers carried to confirm (a first one from scratch when there is none). Schedules by tag: owners and members who reach every client tenant.',
  request: { body: jsonBody(CreateScheduleSchema) },
  responses: {
    201: json(ScheduleSchema, 'The schedule'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponse('No such client tenant (`tenants.not_found`)'),
    409: errorResponse('The account has the most schedules it may have (`schedules.too_many`)'),
  },
});

const getScheduleRoute = createRoute({
  middleware: manage,
  method: 'get',
  path: '/schedules/{id}',
  tags: TAGS,
  summary: 'One schedule, with its next dates and latest runs (failed ones first)',
  request: { params: IdParamsSchema },
  responses: {
    200: json(ScheduleSchema, 'The schedule'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
  },
});

const updateScheduleRoute = createRoute({
  middleware: manage,
  method: 'patch',
  path: '/schedules/{id}',
  tags: TAGS,
  summary: 'Change a schedule (audited); its next period follows the new timing',
  request: { params: IdParamsSchema, body: jsonBody(UpdateScheduleSchema) },
  responses: {
    200: json(ScheduleSchema, 'The schedule'),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: notFound,
    409: errorResponse(
      'Ended (`schedules.ended`), or changed since `baseRevision` (`schedules.edit_conflict`, `details.current`)',
    ),
  },
});

const moveRoute = (move: 'pause' | 'resume' | 'end', summary: string) =>
  createRoute({
    middleware: manage,
    method: 'post',
    path: `/schedules/{id}/${move}`,
    tags: TAGS,
    summary,
    request: { params: IdParamsSchema },
    responses: {
      200: json(ScheduleSchema, 'The schedule'),
      400: errorResponses[400],
      401: errorResponses[401],
      403: errorResponses[403],
      404: notFound,
      409: ended,
    },
  });

const pauseRoute = moveRoute(
  'pause',
  'Pause a schedule: it creates nothing until resumed (audited)',
);
const resumeRoute = moveRoute(
  'resume',
  'Resume a paused schedule from its next period due today or later (audited)',
);
const endRoute = moveRoute('end', 'End a schedule: kept as read-only history (audited)');

export const scheduleRoutes = createRouter()
  .openapi(listRoute, async (c) =>
    c.json({ items: await listSchedules(c.var.deps.db, getAccount(c)) }, 200, noStore),
  )
  .openapi(tenantListRoute, async (c) => {
    const scope = getTenant(c);
    const items = await listTenantSchedules(c.var.deps.db, scope, scope.tenantId);
    return c.json({ items }, 200, noStore);
  })
  .openapi(createScheduleRoute, async (c) =>
    c.json(await createSchedule(c.var.deps.db, getAccount(c), c.req.valid('json')), 201),
  )
  .openapi(getScheduleRoute, async (c) =>
    c.json(await getSchedule(c.var.deps.db, getAccount(c), c.req.valid('param').id), 200, noStore),
  )
  .openapi(updateScheduleRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await updateSchedule(c.var.deps.db, getAccount(c), id, c.req.valid('json')), 200);
  })
  .openapi(pauseRoute, async (c) =>
    c.json(await moveSchedule(c.var.deps.db, getAccount(c), c.req.valid('param').id, 'pause'), 200),
  )
  .openapi(resumeRoute, async (c) =>
    c.json(
      await moveSchedule(c.var.deps.db, getAccount(c), c.req.valid('param').id, 'resume'),
      200,
    ),
  )
  .openapi(endRoute, async (c) =>
    c.json(await moveSchedule(c.var.deps.db, getAccount(c), c.req.valid('param').id, 'end'), 200),
  );
