/**
 * Assessments (docs/assessments.md): a client tenant answering one pinned, published framework
 * version. Every row carries `account_id` (ADR 0005). Scores are kept on the assessment row,
 * written by each answer's statement (or, when another write holds them, by a roll-up right
 * after: score-rollup.ts); reads never recompute them.
 */
import type {
  AnswerSource,
  AssessmentProgress,
  AssessmentScope,
  AssessmentStatus,
  CarryForwardPreview,
  Locale,
  ScoredAnswer,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';
import { frameworks } from './content.ts';
import { tenants } from './tenants.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface StatusChange {
  status: AssessmentStatus;
  at: string;
  by: string | null;
}

/** An answer's value as stored (jsonb): a string, a number or a list of option keys. */
export type StoredValue = string | number | string[];

export const assessments = pgTable(
  'assessments',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    frameworkId: text('framework_id')
      .notNull()
      .references(() => frameworks.id, { onDelete: 'cascade' }),
    frameworkVersion: integer('framework_version').notNull(),
    frameworkKey: text('framework_key').notNull(),
    frameworkName: text('framework_name').notNull(),
    name: text('name').notNull(),
    status: text('status', {
      enum: ['draft', 'in_progress', 'completed', 'reopened'],
    })
      .notNull()
      .default('draft'),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    /** The language of its client-facing side (a Locale); null: each person's own. */
    language: text('language').$type<Locale>(),
    scope: jsonb('scope').$type<AssessmentScope>().notNull(),
    /** Overrides of the framework's default targets, per top-level section key. */
    targets: jsonb('targets').$type<Record<string, number | null>>().notNull().default({}),
    /** What scoring needs of every current answer, by question key (kept with each write). */
    scoreInput: jsonb('score_input').$type<Record<string, ScoredAnswer>>().notNull().default({}),
    progress: jsonb('progress').$type<AssessmentProgress>().notNull(),
    score: doublePrecision('score'),
    completion: doublePrecision('completion'),
    answered: integer('answered').notNull().default(0),
    total: integer('total').notNull().default(0),
    respondentsTotal: integer('respondents_total').notNull().default(0),
    respondentsSubmitted: integer('respondents_submitted').notNull().default(0),
    lastAnswerAt: tz('last_answer_at'),
    lastAnswerBy: text('last_answer_by'),
    lastAnswerSource: text('last_answer_source').$type<AnswerSource>(),
    statusHistory: jsonb('status_history').$type<StatusChange[]>().notNull().default([]),
    /** Bumped by every write of the scores, targets or status: an answer writes the scores it
     * computed only on the version it read, else a roll-up does (answers/write.ts,
     * score-rollup.ts). */
    writeVersion: integer('write_version').notNull().default(0),
    /** Question keys to review after a carry-forward changed their question. */
    review: text('review')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The assessment this one was started from (the previous period): its answers were
     * carried into `assessment_carried_answers`, to be confirmed or changed. */
    previousAssessmentId: text('previous_assessment_id').references(
      (): AnyPgColumn => assessments.id,
      { onDelete: 'set null' },
    ),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    completedAt: tz('completed_at'),
  },
  (t) => [
    index('assessments_tenant_idx').on(t.accountId, t.tenantId, t.createdAt, t.id),
    index('assessments_account_status_idx').on(t.accountId, t.status),
    // The dashboard's open assessments, most recently changed first (completed ones skipped).
    index('assessments_account_open_idx')
      .on(t.accountId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.status} <> 'completed'`),
    // Due dates across clients: the dashboard's groups and the calendar feeds (open ones with
    // a due date, by account, nearest first).
    index('assessments_account_due_idx')
      .on(t.accountId, t.dueDate, t.id)
      .where(sql`${t.status} <> 'completed' and ${t.dueDate} is not null`),
    check('assessments_name_check', sql`length(trim(${t.name})) between 1 and 200`),
  ],
);

/** The current answer to one question of one assessment. */
export const assessmentAnswers = pgTable(
  'assessment_answers',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    questionKey: text('question_key').notNull(),
    value: jsonb('value').$type<StoredValue | null>(),
    na: boolean('na').notNull().default(false),
    note: text('note').notNull().default(''),
    score: doublePrecision('score'),
    source: text('source').$type<AnswerSource>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    respondentId: text('respondent_id'),
    answeredByName: text('answered_by_name').notNull(),
    answeredAt: tz('answered_at').notNull(),
    /** The respondent's sequence number of the write that set it (0 for others). */
    seq: integer('seq').notNull().default(0),
    revision: integer('revision').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'assessment_answers_pkey', columns: [t.assessmentId, t.questionKey] }),
    index('assessment_answers_respondent_idx').on(t.respondentId),
    // One question across all clients (docs/across-clients.md): every answer of the account to
    // one stable key, newest first, without reading the account's other answers.
    index('assessment_answers_account_question_idx').on(
      t.accountId,
      t.questionKey,
      t.answeredAt.desc(),
    ),
  ],
);

/**
 * Last period's answers carried into an assessment started from a previous one (re-assessment,
 * docs/scheduling.md): each is a proposal, not an answer. It counts nowhere (scores and
 * completion read `assessment_answers` only) until someone confirms it ("Still true": the same
 * value written as an answer through the one write path) or answers something else ("Changed").
 * Rows are written once, when the assessment is created, and never changed: whether a question
 * was confirmed unchanged or changed is read by comparing its answer with this row.
 */
export const assessmentCarriedAnswers = pgTable(
  'assessment_carried_answers',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    questionKey: text('question_key').notNull(),
    value: jsonb('value').$type<StoredValue | null>(),
    na: boolean('na').notNull().default(false),
    note: text('note').notNull().default(''),
    /** The assessment the answer was given in, and who gave it when. */
    fromAssessmentId: text('from_assessment_id').references(() => assessments.id, {
      onDelete: 'set null',
    }),
    answeredByName: text('answered_by_name').notNull(),
    answeredAt: tz('answered_at').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'assessment_carried_answers_pkey',
      columns: [t.assessmentId, t.questionKey],
    }),
  ],
);

/** Earlier values of answers (and writes that arrived after a newer answer), newest first. */
export const answerHistory = pgTable(
  'answer_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    questionKey: text('question_key').notNull(),
    value: jsonb('value').$type<StoredValue | null>(),
    na: boolean('na').notNull().default(false),
    note: text('note').notNull().default(''),
    source: text('source').$type<AnswerSource>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    respondentId: text('respondent_id'),
    answeredByName: text('answered_by_name').notNull(),
    answeredAt: tz('answered_at').notNull(),
    replacedAt: tz('replaced_at').notNull().defaultNow(),
  },
  (t) => [index('answer_history_question_idx').on(t.assessmentId, t.questionKey, t.id)],
);

/** Idempotency keys of answer writes: a replayed write is applied once. */
export const answerWrites = pgTable(
  'answer_writes',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    questionKey: text('question_key').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'answer_writes_pkey', columns: [t.assessmentId, t.idempotencyKey] })],
);

/** People who answer without an account, each with their own link (token stored hashed). */
export const respondents = pgTable(
  'respondents',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Section keys this respondent answers; null: the whole assessment. */
    sections: jsonb('sections').$type<string[] | null>(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tz('expires_at').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    total: integer('total').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastSeenAt: tz('last_seen_at'),
    /** The language their browser asked for when they last opened their link (e-mails use it). */
    locale: text('locale').$type<Locale>(),
    submittedAt: tz('submitted_at'),
    revokedAt: tz('revoked_at'),
    /** When the respondent stopped reminders for this assessment (db/schema/reminders.ts). */
    remindersStoppedAt: tz('reminders_stopped_at'),
  },
  (t) => [
    uniqueIndex('respondents_token_uq').on(t.tokenHash),
    index('respondents_assessment_idx').on(t.assessmentId, t.createdAt),
  ],
);

/**
 * Live progress events (ids only), for Server-Sent Events: written in the answer's
 * transaction, announced with NOTIFY on commit, replayed after `Last-Event-ID`.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: text('account_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    assessmentId: text('assessment_id').notNull(),
    kind: text('kind').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('live_events_tenant_idx').on(t.tenantId, t.id)],
);

/**
 * Answers whose scores are still to be rolled up: an answer written while others were writing
 * the same assessment leaves its scores to the next roll-up (score-rollup.ts) and records
 * one row here, append-only (never a hot row). A roll-up deletes the rows it has read; a row
 * left by a process that stopped before its roll-up is picked up by the periodic sweep.
 */
export const scoreRollupsDue = pgTable(
  'score_rollups_due',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('score_rollups_due_assessment_idx').on(t.assessmentId, t.id)],
);

/** What a carry-forward set aside or replaced, to restore on undo (and to show, forever). */
export interface CarryForwardSnapshot {
  previous: {
    frameworkVersion: number;
    scope: AssessmentScope;
    targets: Record<string, number | null>;
    scoreInput: Record<string, ScoredAnswer>;
    progress: AssessmentProgress;
    score: number | null;
    completion: number | null;
    answered: number;
    total: number;
    review: string[];
  };
  /** Answer rows as they were (JSON: dates as ISO strings): set aside, or rescored. */
  setAside: Array<Record<string, unknown>>;
  rescored: Array<Record<string, unknown>>;
  /** Titles of the set-aside answers' questions (under the old version). */
  titles: Record<string, string>;
}

/**
 * Carry-forwards of an assessment to a newer framework version (docs/assessments.md): the
 * preview shown, and what was set aside or replaced, so it can be undone for a while and
 * nothing is ever lost.
 */
export const assessmentCarryForwards = pgTable(
  'assessment_carry_forwards',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    fromVersion: integer('from_version').notNull(),
    toVersion: integer('to_version').notNull(),
    preview: jsonb('preview').$type<CarryForwardPreview>().notNull(),
    snapshot: jsonb('snapshot').$type<CarryForwardSnapshot>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: tz('created_at').notNull().defaultNow(),
    undoneAt: tz('undone_at'),
    undoneBy: text('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('assessment_carry_forwards_assessment_idx').on(t.assessmentId, t.createdAt)],
);
