/**
 * Remediation (docs/remediation.md): tasks that close a client tenant's gaps, their comments,
 * and the reminder e-mails sent (at most one a day per person). Every row carries `account_id`
 * and `tenant_id` (ADR 0005).
 */
import {
  OPEN_TASK_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskPriority,
  type TaskStatus,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { assessments } from './assessments.ts';
import { users } from './auth.ts';
import { tenants } from './tenants.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);
const OPEN = inList('status', OPEN_TASK_STATUSES);

/** The open statuses as an SQL list, for raw statements: `status in (${OPEN_TASK_STATUS_SQL})`. */
export const OPEN_TASK_STATUS_SQL = sql.raw(OPEN_TASK_STATUSES.map((s) => `'${s}'`).join(', '));

/** One item of a task's checklist (a playbook step, or written by hand). */
export interface StoredChecklistItem {
  id: string;
  title: string;
  body: string;
  done: boolean;
}

export const remediationTasks = pgTable(
  'remediation_tasks',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('todo'),
    priority: text('priority').$type<TaskPriority>().notNull().default('medium'),
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    riskReason: text('risk_reason'),
    riskReviewDate: date('risk_review_date', { mode: 'string' }),
    /*
     * Where it came from: a question of an assessment, by the framework and the question's
     * stable key, so that later assessments of any version of the framework find it. The
     * assessment may be deleted later; the key stays.
     */
    assessmentId: text('assessment_id').references(() => assessments.id, { onDelete: 'set null' }),
    frameworkId: text('framework_id'),
    questionKey: text('question_key'),
    questionTitle: text('question_title'),
    playbookKey: text('playbook_key'),
    playbookTitle: text('playbook_title'),
    checklist: jsonb('checklist').$type<StoredChecklistItem[]>().notNull().default([]),
    commentCount: integer('comment_count').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    doneAt: tz('done_at'),
  },
  (t) => [
    index('remediation_tasks_tenant_idx').on(t.tenantId, t.createdAt, t.id),
    // The dashboard's and the reminders' overdue and due-soon tasks, per account.
    index('remediation_tasks_open_due_idx')
      .on(t.accountId, t.dueDate)
      .where(sql`${OPEN} and "due_date" is not null`),
    index('remediation_tasks_assignee_due_idx')
      .on(t.assigneeId, t.dueDate)
      .where(sql`${OPEN} and "due_date" is not null`),
    // At most one open task per question of a framework on a tenant ("skip those already open").
    uniqueIndex('remediation_tasks_open_question_idx')
      .on(t.tenantId, t.frameworkId, t.questionKey)
      .where(sql`${OPEN} and "question_key" is not null`),
    index('remediation_tasks_question_idx').on(t.tenantId, t.frameworkId, t.questionKey),
    check('remediation_tasks_status_check', inList('status', TASK_STATUSES)),
    check('remediation_tasks_priority_check', inList('priority', TASK_PRIORITIES)),
    check('remediation_tasks_title_check', sql`length(trim(${t.title})) between 1 and 200`),
  ],
);

export const remediationComments = pgTable(
  'remediation_comments',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    taskId: text('task_id')
      .notNull()
      .references(() => remediationTasks.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('remediation_comments_task_idx').on(t.taskId, t.createdAt, t.id)],
);

/** The reminder e-mails sent: one row per person and day (UTC) makes "at most one a day". */
export const remediationReminders = pgTable(
  'remediation_reminders',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    tasks: integer('tasks').notNull(),
    sentAt: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'remediation_reminders_pkey', columns: [t.userId, t.day] })],
);
