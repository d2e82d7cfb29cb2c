/**
 * Recurring assessments (docs/scheduling.md). A schedule starts the next assessment of one client
 * tenant, or of every tenant carrying a tag when the run comes, `lead_days` before each due
 * date. Every row carries `account_id` (ADR 0005). A run is one (schedule, tenant, period) row,
 * unique, inserted in the transaction that creates the assessment: with any number of servers
 * and retries, one assessment per schedule, tenant and period.
 */
import type { AssessmentScope, ScheduleCadence, ScheduleStatus } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { assessments } from './assessments.ts';
import { users } from './auth.ts';
import { frameworks } from './content.ts';
import { tenants } from './tenants.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const assessmentSchedules = pgTable(
  'assessment_schedules',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** One client tenant, or (null) every tenant carrying `tag` at run time. */
    tenantId: text('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    tag: text('tag'),
    frameworkId: text('framework_id')
      .notNull()
      .references(() => frameworks.id, { onDelete: 'cascade' }),
    scope: jsonb('scope').$type<AssessmentScope>().notNull(),
    targets: jsonb('targets').$type<Record<string, number | null>>().notNull().default({}),
    cadence: text('cadence').$type<ScheduleCadence>().notNull(),
    everyMonths: integer('every_months'),
    anchorDueDate: date('anchor_due_date', { mode: 'string' }).notNull(),
    leadDays: integer('lead_days').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    reinviteRespondents: boolean('reinvite_respondents').notNull().default(true),
    useNewestVersion: boolean('use_newest_version').notNull().default(true),
    status: text('status').$type<ScheduleStatus>().notNull().default('active'),
    /** The period to create next (its due date), and the day it is created on (00:00 UTC);
     * null once ended. Moved on by the run that created it (schedules.run.ts). */
    nextDueDate: date('next_due_date', { mode: 'string' }),
    nextCreateOn: date('next_create_on', { mode: 'string' }),
    /** Bumped by every change (a stale edit answers 409). */
    revision: integer('revision').notNull().default(1),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    endedAt: tz('ended_at'),
  },
  (t) => [
    index('assessment_schedules_account_idx').on(t.accountId, t.tenantId, t.createdAt),
    // The run's question: which active schedules have a period to create by today?
    index('assessment_schedules_due_idx')
      .on(t.nextCreateOn)
      .where(sql`${t.status} = 'active'`),
    check('assessment_schedules_target_check', sql`(${t.tenantId} is null) <> (${t.tag} is null)`),
    check('assessment_schedules_lead_check', sql`${t.leadDays} between 0 and 366`),
  ],
);

/**
 * One run: the assessment of one period of a schedule for one client tenant. The unique key is
 * the exactly-once guarantee: the row is claimed in the transaction that creates the
 * assessment, so a second server (or a retry) finds it and creates nothing. A failed attempt
 * is kept (status `failed`, the error, the attempts) and tried again on the next run.
 */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scheduleId: text('schedule_id')
      .notNull()
      .references(() => assessmentSchedules.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The due date of the period. */
    period: date('period', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['created', 'failed'] }).notNull(),
    assessmentId: text('assessment_id').references(() => assessments.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schedule_runs_period_uq').on(t.scheduleId, t.tenantId, t.period),
    index('schedule_runs_schedule_idx').on(t.accountId, t.scheduleId, t.updatedAt),
    index('schedule_runs_assessment_idx').on(t.assessmentId),
    index('schedule_runs_failed_idx')
      .on(t.scheduleId)
      .where(sql`${t.status} = 'failed'`),
  ],
);
