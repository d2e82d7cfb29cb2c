/**
 * Client tenants (the seed's `ttid`): the organisations an account assesses. Every row belongs
 * to one account; every query carries `account_id` in its where (ADR 0005).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface TenantContact {
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
  role?: string | undefined;
}

/** A top-level section of the latest completed assessment, as the portfolio shows it. */
export interface PostureSection {
  key: string;
  title: string;
  weight: number;
  score: number | null;
  target: number | null;
}

export const TENANT_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1001-5000', '5000+'] as const;

export const tenants = pgTable(
  'tenants',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    industry: text('industry'),
    size: text('size', { enum: TENANT_SIZES }),
    contacts: jsonb('contacts').$type<TenantContact[]>().notNull().default([]),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    archivedAt: tz('archived_at'),
    /*
     * Kept up to date by every assessment change of the tenant (assessments.rollup.ts), so
     * lists and the dashboard never aggregate assessments on read: the latest completed
     * assessment (id, overall score, gap questions, when) and how many are open.
     */
    latestAssessmentId: text('latest_assessment_id'),
    latestScore: doublePrecision('latest_score'),
    latestGaps: integer('latest_gaps'),
    latestCompletedAt: tz('latest_completed_at'),
    openAssessments: integer('open_assessments').notNull().default(0),
    /** The earliest due date of the open assessments (null: none has one). */
    nextAssessmentDue: date('next_assessment_due', { mode: 'string' }),
    completedAssessments: integer('completed_assessments').notNull().default(0),
    /*
     * The posture the portfolio shows (docs/portfolio.md), kept with the latest_* columns by
     * the same refresh (assessments.rollup.ts, on every assessment or baseline change): the
     * latest completed assessment's completion and framework, its top-level sections with
     * score and target, how many are below target, and the overall change since the baseline
     * (like with like, docs/baseline.md).
     */
    latestCompletion: doublePrecision('latest_completion'),
    latestFrameworkId: text('latest_framework_id'),
    latestFrameworkName: text('latest_framework_name'),
    latestSections: jsonb('latest_sections').$type<PostureSection[]>().notNull().default([]),
    sectionsBelow: integer('sections_below').notNull().default(0),
    baselineDelta: doublePrecision('baseline_delta'),
    /** The last change of the tenant's assessments, tasks or baseline (answers: on read). */
    lastActivityAt: tz('last_activity_at'),
    /* Kept up to date by every task change (remediation.rollup.ts): open tasks, earliest due. */
    openTasks: integer('open_tasks').notNull().default(0),
    nextTaskDue: date('next_task_due', { mode: 'string' }),
    /** The due dates of the open tasks that have one, so "overdue" is counted on read. */
    openTaskDues: date('open_task_dues', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Keyset paging by name (case-insensitive) and by recency, per account.
    index('tenants_account_name_idx').on(t.accountId, sql`lower(${t.name})`, t.id),
    index('tenants_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('tenants_account_updated_idx').on(t.accountId, t.updatedAt, t.id),
    index('tenants_tags_idx').using('gin', t.tags),
    // Keyset paging by the nearest assessment due date (none: last, as the far future).
    index('tenants_account_due_idx').on(
      t.accountId,
      sql`coalesce(${t.nextAssessmentDue}, '9999-12-31'::date)`,
      t.id,
    ),
    // The dashboard's "largest gaps" per account.
    index('tenants_account_gaps_idx').on(t.accountId, t.latestGaps),
    /*
     * The portfolio (docs/portfolio.md, portfolio.service.ts): its default order of each
     * indexed sort (missing values last, ties by name), over the account's active tenants, so
     * that a page is an index walk that stops after offset + limit rows, and the count an
     * index-only scan.
     */
    index('tenants_portfolio_score_idx')
      .on(t.accountId, t.latestScore.asc().nullsLast(), sql`lower(${t.name})`, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('tenants_portfolio_trend_idx')
      .on(t.accountId, t.baselineDelta.asc().nullsLast(), sql`lower(${t.name})`, t.id)
      .where(sql`${t.archivedAt} is null`),
    index('tenants_portfolio_below_idx')
      .on(
        t.accountId,
        t.sectionsBelow.desc().nullsLast(),
        sql`lower(${t.name}) desc`,
        sql`${t.id} desc`,
      )
      .where(sql`${t.archivedAt} is null`),
    index('tenants_portfolio_tasks_idx')
      .on(
        t.accountId,
        t.openTasks.desc().nullsLast(),
        sql`lower(${t.name}) desc`,
        sql`${t.id} desc`,
      )
      .where(sql`${t.archivedAt} is null`),
    index('tenants_portfolio_due_idx')
      .on(t.accountId, t.nextAssessmentDue.asc().nullsLast(), sql`lower(${t.name})`, t.id)
      .where(sql`${t.archivedAt} is null`),
    // "Overdue": the earliest of the next assessment's and the first open task's due dates.
    index('tenants_portfolio_overdue_idx')
      .on(
        t.accountId,
        sql`least(coalesce(${t.nextAssessmentDue}, 'infinity'::date), coalesce((${t.openTaskDues})[1], 'infinity'::date))`,
      )
      .where(sql`${t.archivedAt} is null`),
    // The frameworks filter's choices: a loose scan, one probe per framework.
    index('tenants_portfolio_framework_idx')
      .on(t.accountId, t.latestFrameworkId, t.latestFrameworkName)
      .where(sql`${t.archivedAt} is null and ${t.latestFrameworkId} is not null`),
    check('tenants_name_check', sql`length(trim(${t.name})) between 1 and 200`),
  ],
);

/**
 * The scored top-level sections of each tenant's latest completed assessment, one row each:
 * `tenants.latest_sections` made flat, so the portfolio sorts by a section's score and finds
 * those below target in it with an index (docs/portfolio.md) instead of reading every
 * tenant's JSON. Kept by the same refresh (assessments.rollup.ts, refreshTenantPosture).
 */
export const tenantSections = pgTable(
  'tenant_sections',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    score: doublePrecision('score').notNull(),
    target: doublePrecision('target'),
  },
  (t) => [
    primaryKey({ name: 'tenant_sections_pkey', columns: [t.tenantId, t.key] }),
    // The portfolio sorted by one section: an index walk per account and section.
    index('tenant_sections_score_idx').on(t.accountId, t.key, t.score, t.tenantId),
    // Below target in one section.
    index('tenant_sections_below_idx')
      .on(t.accountId, t.key, t.tenantId)
      .where(sql`${t.score} < ${t.target}`),
  ],
);
