import { z } from 'zod';
import { DayDateSchema } from './assessments.schemas.ts';
import { PLAYBOOK_PRIORITIES } from './content.schemas.ts';
import { NodeKeySchema } from './frameworks.schemas.ts';
import { IdSchema } from './params.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * Remediation (docs/remediation.md): the tasks that close a client tenant's gaps. A task comes
 * from a gap question of an assessment (its linked playbook's steps become the checklist) or is
 * written by hand; it has an assignee (a member of the account), a due date, a priority, a
 * status and comments. Shared contributors update tasks and comment; viewers read.
 */

export const TASK_STATUSES = ['todo', 'in_progress', 'done', 'risk_accepted'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'To do',
  in_progress: 'In progress',
  done: 'Done',
  risk_accepted: 'Risk accepted',
};
/** Statuses of a task that still needs work: counted as open, can be overdue. */
export const OPEN_TASK_STATUSES = ['todo', 'in_progress'] as const satisfies readonly TaskStatus[];
export const isOpenTask = (status: TaskStatus) =>
  (OPEN_TASK_STATUSES as readonly TaskStatus[]).includes(status);

export const TASK_PRIORITIES = PLAYBOOK_PRIORITIES;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const REMEDIATION_LIMITS = {
  title: 200,
  description: 20_000,
  riskReason: 2_000,
  checklist: 50,
  checklistItem: 300,
  comment: 10_000,
  /** Most tasks one bulk status change touches. */
  bulk: 200,
  /** Most tasks one list answer holds (newest first); `truncated` says when there are more. */
  list: 500,
  /** Most comments a task keeps. */
  comments: 500,
  /** A task is "due soon" this many days before its due date (reminders, the list). */
  dueSoonDays: 3,
} as const;

export const REMEDIATION_ERROR_CODES = {
  /** 404: no such task on this client tenant. */
  notFound: 'tasks.not_found',
  /** 404: no such checklist item on the task. */
  checklistItemNotFound: 'tasks.checklist_item_not_found',
  /** 400: the assignee is not a member of the account. */
  invalidAssignee: 'tasks.invalid_assignee',
  /** 400: accepting a risk needs a reason and a review date. */
  riskReasonRequired: 'tasks.risk_reason_required',
  /** 404: the question is not in the assessment's scope. */
  questionNotFound: 'tasks.question_not_found',
  /** 409: the question already has an open task on this client tenant. */
  alreadyOpen: 'tasks.already_open',
  /** 409: the task already has the most comments it may have. */
  tooManyComments: 'tasks.too_many_comments',
} as const;

const title = storableText()
  .trim()
  .min(1, 'Give the task a title.')
  .max(REMEDIATION_LIMITS.title, `At most ${REMEDIATION_LIMITS.title} characters.`);
const description = storableText().max(
  REMEDIATION_LIMITS.description,
  `At most ${REMEDIATION_LIMITS.description} characters.`,
);
const riskReason = storableText()
  .trim()
  .max(REMEDIATION_LIMITS.riskReason, `At most ${REMEDIATION_LIMITS.riskReason} characters.`);
const checklistTitle = storableText()
  .trim()
  .min(1, 'Give the item a title.')
  .max(REMEDIATION_LIMITS.checklistItem, `At most ${REMEDIATION_LIMITS.checklistItem} characters.`);
const status = z.enum(TASK_STATUSES, {
  error: 'must be todo, in_progress, done or risk_accepted',
});
const priority = z.enum(TASK_PRIORITIES, { error: 'must be low, medium, high or critical' });

export const PersonRefSchema = z.object({ id: z.string(), name: z.string() });
export type PersonRef = z.infer<typeof PersonRefSchema>;

export const ChecklistItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The playbook step's text (markdown), empty for an item written by hand. */
  body: z.string(),
  done: z.boolean(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

/** Where a task came from: a question of an assessment (matched by stable key later on). */
export const TaskSourceSchema = z.object({
  assessmentId: z.string().nullable(),
  assessmentName: z.string().nullable(),
  frameworkId: z.string(),
  questionKey: z.string(),
  questionTitle: z.string(),
});
export type TaskSource = z.infer<typeof TaskSourceSchema>;

export const TaskSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  title: z.string(),
  description: z.string(),
  status,
  priority,
  assignee: PersonRefSchema.nullable(),
  /** A day, `YYYY-MM-DD`. */
  dueDate: z.string().nullable(),
  /** Open and its due date has passed (UTC). */
  overdue: z.boolean(),
  riskReason: z.string().nullable(),
  riskReviewDate: z.string().nullable(),
  source: TaskSourceSchema.nullable(),
  playbook: z.object({ key: z.string(), title: z.string() }).nullable(),
  checklist: z.array(ChecklistItemSchema),
  commentCount: z.number().int(),
  createdBy: PersonRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  doneAt: z.string().nullable(),
});
export type Task = z.infer<typeof TaskSchema>;

export const TaskCommentSchema = z.object({
  id: z.string(),
  author: PersonRefSchema.nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof TaskCommentSchema>;

export const TaskDetailSchema = TaskSchema.extend({ comments: z.array(TaskCommentSchema) });
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

export const TaskParamsSchema = z.object({ tenantId: IdSchema, taskId: IdSchema });
export const ChecklistItemParamsSchema = TaskParamsSchema.extend({ itemId: IdSchema });

const boolFlag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((v) => v === 'true');

export const TaskListQuerySchema = z.object({
  /** One status, or `open` for to do and in progress. */
  status: z
    .enum([...TASK_STATUSES, 'open'], {
      error: 'must be open, todo, in_progress, done or risk_accepted',
    })
    .optional(),
  /** A member's id, `me`, or `none` for unassigned tasks. */
  assignee: IdSchema.optional(),
  /** Only open tasks whose due date has passed. */
  overdue: boolFlag.optional(),
  /** Only the tasks of one assessment's questions. */
  assessmentId: IdSchema.optional(),
});
export type TaskListQuery = z.output<typeof TaskListQuerySchema>;
export type TaskListQueryInput = z.input<typeof TaskListQuerySchema>;

export const TaskListSchema = z.object({
  items: z.array(TaskSchema),
  /** More tasks match than the list holds (REMEDIATION_LIMITS.list). */
  truncated: z.boolean(),
  /** Of all the tenant's tasks, whatever the filters: per status, and how many are overdue. */
  counts: z.object({
    todo: z.number().int(),
    in_progress: z.number().int(),
    done: z.number().int(),
    risk_accepted: z.number().int(),
    overdue: z.number().int(),
  }),
  /** The members a task can be assigned to. */
  assignees: z.array(PersonRefSchema),
});
export type TaskList = z.infer<typeof TaskListSchema>;

export const TaskFromQuestionSchema = z.object({
  assessmentId: IdSchema,
  questionKey: NodeKeySchema,
});

export const CreateTaskSchema = z
  .object({
    /** Left out with a `source`: the question's title. */
    title: title.optional(),
    description: description.default(''),
    priority: priority.optional(),
    assigneeId: IdSchema.nullable().default(null),
    dueDate: DayDateSchema.nullable().default(null),
    /** A question of an assessment: its first linked playbook's steps become the checklist. */
    source: TaskFromQuestionSchema.optional(),
    /** Items of a checklist written by hand (ignored when the playbook gives one). */
    checklist: z
      .array(checklistTitle)
      .max(REMEDIATION_LIMITS.checklist, `At most ${REMEDIATION_LIMITS.checklist} items.`)
      .default([]),
  })
  .refine((v) => v.title !== undefined || v.source !== undefined, {
    path: ['title'],
    message: 'Give the task a title.',
  });
export type CreateTask = z.output<typeof CreateTaskSchema>;
export type CreateTaskInput = z.input<typeof CreateTaskSchema>;

export const CreateGapTasksSchema = z.object({
  assigneeId: IdSchema.nullable().default(null),
  dueDate: DayDateSchema.nullable().default(null),
});
export type CreateGapTasks = z.output<typeof CreateGapTasksSchema>;
export type CreateGapTasksInput = z.input<typeof CreateGapTasksSchema>;

export const GapTasksResultSchema = z.object({
  created: z.number().int(),
  /** Gap questions that already had an open task. */
  skipped: z.number().int(),
  items: z.array(TaskSchema),
});
export type GapTasksResult = z.infer<typeof GapTasksResultSchema>;

export const UpdateTaskSchema = z
  .object({
    title,
    description,
    priority,
    assigneeId: IdSchema.nullable(),
    dueDate: DayDateSchema.nullable(),
    status,
    /** Needed (with `riskReviewDate`) when the status becomes risk_accepted. */
    riskReason: riskReason.nullable(),
    riskReviewDate: DayDateSchema.nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change.' });
export type UpdateTask = z.infer<typeof UpdateTaskSchema>;

export const BulkStatusSchema = z.object({
  ids: z
    .array(IdSchema)
    .min(1, 'Pick at least one task.')
    .max(REMEDIATION_LIMITS.bulk, `At most ${REMEDIATION_LIMITS.bulk} tasks at once.`),
  status,
  riskReason: riskReason.optional(),
  riskReviewDate: DayDateSchema.optional(),
});
export type BulkStatus = z.infer<typeof BulkStatusSchema>;

export const BulkStatusResultSchema = z.object({ updated: z.number().int() });

export const SetChecklistItemSchema = z.object({ done: z.boolean() });

export const CreateCommentSchema = z.object({
  body: storableText()
    .trim()
    .min(1, 'Write a comment.')
    .max(REMEDIATION_LIMITS.comment, `At most ${REMEDIATION_LIMITS.comment} characters.`),
});

/** What the baseline view shows of a task on a question's gap. */
export const QuestionTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  status,
  doneAt: z.string().nullable(),
  /** Done after the compared assessment's answer: waiting for a new assessment to confirm it. */
  awaitingConfirmation: z.boolean(),
});
export type QuestionTask = z.infer<typeof QuestionTaskSchema>;
