import { createRoute, z } from '@hono/zod-openapi';
import {
  AssessmentParamsSchema,
  BulkStatusResultSchema,
  BulkStatusSchema,
  ChecklistItemParamsSchema,
  CreateCommentSchema,
  CreateGapTasksSchema,
  CreateTaskSchema,
  GapTasksResultSchema,
  SetChecklistItemSchema,
  TaskDetailSchema,
  TaskListQuerySchema,
  TaskListSchema,
  TaskParamsSchema,
  TenantParamsSchema,
  UpdateTaskSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getTenant, requireTenant } from '../../auth/guards.ts';
import { csvHeaders } from '../../lib/csv.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { tasksCsv } from './remediation.export.ts';
import { setChecklistItem } from './checklist.service.ts';
import { addComment } from './comments.service.ts';
import { createGapTasks } from './gap-tasks.service.ts';
import { getTask } from './task-rows.ts';
import { bulkStatus, createTask, deleteTask, listTasks, updateTask } from './tasks.service.ts';

/** Remediation tasks of a client tenant (docs/remediation.md). */
const TAGS = ['remediation'];
const LIST = '/tenants/{tenantId}/tasks';
const ONE = `${LIST}/{taskId}`;
const noStore = { 'cache-control': 'no-store' };

const notFound = errorResponse(
  'No such client tenant in your account (`tenants.not_found`) or no such task on it (`tasks.not_found`)',
);
const reads = { 401: errorResponses[401], 403: errorResponses[403] };
const writes = { 400: errorResponses[400], ...reads };

const listRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: LIST,
  tags: TAGS,
  summary: 'The client tenant’s remediation tasks, newest first, with counts and assignees',
  description:
    'Filters: `status` (one status, or `open`), `assignee` (a member id, `me` or `none`), `overdue=true`, `assessmentId`. `counts` are of all the tenant’s tasks. Shared users of the tenant read them.',
  request: { params: TenantParamsSchema, query: TaskListQuerySchema },
  responses: { 200: json(TaskListSchema, 'The tasks'), ...writes, 404: notFound },
});

const createTaskRoute = createRoute({
  middleware: requireTenant('remediation.manage'),
  method: 'post',
  path: LIST,
  tags: TAGS,
  summary: 'Create a task, by hand or on a question of an assessment (audited)',
  description:
    'With a `source`, the title defaults to the question’s and the first linked published playbook gives the priority and the checklist (its steps). A question has at most one open task on a tenant (409 `tasks.already_open`).',
  request: { params: TenantParamsSchema, body: jsonBody(CreateTaskSchema) },
  responses: {
    201: json(TaskDetailSchema, 'The task'),
    ...writes,
    404: errorResponse(
      'No such client tenant, assessment or question (`tenants.not_found`, `assessments.not_found`, `tasks.question_not_found`)',
    ),
    409: errorResponse('The question already has an open task (`tasks.already_open`)'),
  },
});

const gapTasksRoute = createRoute({
  middleware: requireTenant('remediation.manage'),
  method: 'post',
  path: '/tenants/{tenantId}/assessments/{assessmentId}/gap-tasks',
  tags: TAGS,
  summary: 'Create a task for every gap question of an assessment (audited)',
  description:
    'Skips the questions that already have an open task on the tenant. Each task takes its checklist from the question’s first linked published playbook.',
  request: { params: AssessmentParamsSchema, body: jsonBody(CreateGapTasksSchema) },
  responses: {
    201: json(GapTasksResultSchema, 'What was created and skipped'),
    ...writes,
    404: errorResponse(
      'No such client tenant or assessment (`tenants.not_found`, `assessments.not_found`)',
    ),
  },
});

const getRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: ONE,
  tags: TAGS,
  summary: 'One task with its checklist and comments',
  request: { params: TaskParamsSchema },
  responses: {
    200: json(TaskDetailSchema, 'The task'),
    ...reads,
    400: errorResponses[400],
    404: notFound,
  },
});

const updateRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'patch',
  path: ONE,
  tags: TAGS,
  summary: 'Change a task: title, description, priority, assignee, due date, status (audited)',
  description:
    'Status `risk_accepted` needs `riskReason` and `riskReviewDate` (400 `tasks.risk_reason_required`). Shared contributors may change tasks; viewers get 403.',
  request: { params: TaskParamsSchema, body: jsonBody(UpdateTaskSchema) },
  responses: { 200: json(TaskDetailSchema, 'The task'), ...writes, 404: notFound },
});

const checklistRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'put',
  path: `${ONE}/checklist/{itemId}`,
  tags: TAGS,
  summary: 'Tick or untick one checklist item (the others stay as they are)',
  request: { params: ChecklistItemParamsSchema, body: jsonBody(SetChecklistItemSchema) },
  responses: {
    200: json(TaskDetailSchema, 'The task'),
    ...writes,
    404: errorResponse(
      'No such task or checklist item (`tasks.not_found`, `tasks.checklist_item_not_found`)',
    ),
  },
});

const commentRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'post',
  path: `${ONE}/comments`,
  tags: TAGS,
  summary: 'Comment on a task (markdown)',
  request: { params: TaskParamsSchema, body: jsonBody(CreateCommentSchema) },
  responses: {
    201: json(TaskDetailSchema, 'The task with its comments'),
    ...writes,
    404: notFound,
    409: errorResponse('The task has the most comments it may have (`tasks.too_many_comments`)'),
  },
});

const bulkRoute = createRoute({
  middleware: requireTenant('contribute'),
  method: 'post',
  path: `${LIST}/bulk-status`,
  tags: TAGS,
  summary: 'Move several tasks to one status (all of them, or none when one is not found)',
  request: { params: TenantParamsSchema, body: jsonBody(BulkStatusSchema) },
  responses: {
    200: json(BulkStatusResultSchema, 'How many tasks changed'),
    ...writes,
    404: notFound,
  },
});

const deleteRoute = createRoute({
  middleware: requireTenant('remediation.manage'),
  method: 'delete',
  path: ONE,
  tags: TAGS,
  summary: 'Delete a task with its comments (audited)',
  request: { params: TaskParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...reads, 400: errorResponses[400], 404: notFound },
});

const csvRoute = createRoute({
  middleware: requireTenant('read'),
  method: 'get',
  path: '/tenants/{tenantId}/tasks.csv',
  tags: TAGS,
  summary: 'The client tenant’s tasks as a CSV file (spreadsheet-safe)',
  request: { params: TenantParamsSchema },
  responses: {
    200: {
      description: 'The CSV file (an attachment)',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...reads,
    400: errorResponses[400],
    404: errorResponse('No such client tenant in your account (`tenants.not_found`)'),
  },
});

export const remediationRoutes = createRouter()
  .openapi(csvRoute, async (c) => {
    const { fileName, csv } = await tasksCsv(c.var.deps.db, getTenant(c));
    return c.body(csv, 200, csvHeaders(fileName)) as never;
  })
  .openapi(listRoute, async (c) =>
    c.json(await listTasks(c.var.deps.db, getTenant(c), c.req.valid('query')), 200, noStore),
  )
  .openapi(createTaskRoute, async (c) =>
    c.json(await createTask(c.var.deps.db, getTenant(c), c.req.valid('json')), 201),
  )
  .openapi(gapTasksRoute, async (c) =>
    c.json(
      await createGapTasks(
        c.var.deps.db,
        getTenant(c),
        c.req.valid('param').assessmentId,
        c.req.valid('json'),
      ),
      201,
    ),
  )
  .openapi(bulkRoute, async (c) =>
    c.json({ updated: await bulkStatus(c.var.deps.db, getTenant(c), c.req.valid('json')) }, 200),
  )
  .openapi(getRoute, async (c) =>
    c.json(await getTask(c.var.deps.db, getTenant(c), c.req.valid('param').taskId), 200, noStore),
  )
  .openapi(updateRoute, async (c) =>
    c.json(
      await updateTask(
        c.var.deps.db,
        getTenant(c),
        c.req.valid('param').taskId,
        c.req.valid('json'),
      ),
      200,
    ),
  )
  .openapi(checklistRoute, async (c) => {
    const { taskId, itemId } = c.req.valid('param');
    return c.json(
      await setChecklistItem(c.var.deps.db, getTenant(c), taskId, itemId, c.req.valid('json').done),
      200,
    );
  })
  .openapi(commentRoute, async (c) =>
    c.json(
      await addComment(
        c.var.deps.db,
        getTenant(c),
        c.req.valid('param').taskId,
        c.req.valid('json').body,
      ),
      201,
    ),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteTask(c.var.deps.db, getTenant(c), c.req.valid('param').taskId);
    return c.body(null, 204);
  });
