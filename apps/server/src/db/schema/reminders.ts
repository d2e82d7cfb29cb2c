/**
 * Reminders to respondents and owners (docs/assessments.md, "Reminders"). Everything the
 * periodic run (modules/assessments/reminders/reminders.run.ts) needs is here, so any server
 * process can run it and two at once send once: a row per respondent per UTC day, and per
 * assessment per day for the owner's summary, inserted before the e-mail is queued.
 */
import type { ReminderOverrides, RespondentMailKind } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { assessments, respondents } from './assessments.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * More links of a respondent, one per reminder: each reminder carries a fresh token (the server
 * keeps only its SHA-256 hash, like the respondent's own `token_hash`), so every e-mail holds a
 * working link while the earlier ones keep working. They are keys to the same respondent: its
 * expiry and revocation hold for all of them, and a resend (a new link, "the old one stops
 * working") deletes them.
 */
export const respondentLinks = pgTable(
  'respondent_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    respondentId: text('respondent_id')
      .notNull()
      .references(() => respondents.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('respondent_links_respondent_idx').on(t.respondentId)],
);

/**
 * The e-mails each respondent got, at most one a day (UTC): the row is claimed before the mail
 * is queued, so a second run (another process, a retry) the same day sends nothing. Also the
 * log the assessor sees.
 */
export const respondentReminders = pgTable(
  'respondent_reminders',
  {
    respondentId: text('respondent_id')
      .notNull()
      .references(() => respondents.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    accountId: text('account_id').notNull(),
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RespondentMailKind>().notNull(),
    sentAt: tz('sent_at').notNull(),
    /** The member who sent it (an invitation, "send now"); null: the schedule. */
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentByName: text('sent_by_name'),
    /** "Send now"'s key: a retry with it answers the reminder already sent. */
    idempotencyKey: text('idempotency_key'),
  },
  (t) => [
    primaryKey({ name: 'respondent_reminders_pkey', columns: [t.respondentId, t.day] }),
    index('respondent_reminders_assessment_idx').on(t.assessmentId, t.day),
    check(
      'respondent_reminders_kind_check',
      sql`${t.kind} in ('invitation', 'reminder', 'nudge', 'last_call', 'manual')`,
    ),
  ],
);

/** The owner's summary of who has not answered: at most one per assessment per day. */
export const ownerReminders = pgTable(
  'owner_reminders',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    accountId: text('account_id').notNull(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** `reminder`: the reminder day; `last_call`: the due date. */
    kind: text('kind').$type<'reminder' | 'last_call'>().notNull(),
    /** Respondents who had not answered. */
    pending: integer('pending').notNull(),
    sentAt: tz('sent_at').notNull(),
  },
  (t) => [primaryKey({ name: 'owner_reminders_pkey', columns: [t.assessmentId, t.day] })],
);

/** An account's reminder defaults; none: DEFAULT_REMINDER_SETTINGS. */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    accountId: text('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    beforeDueDays: integer('before_due_days'),
    nudgeAfterDays: integer('nudge_after_days'),
    lastCall: boolean('last_call').notNull(),
    ownerSummary: boolean('owner_summary').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'reminder_settings_days_check',
      sql`(${t.beforeDueDays} is null or ${t.beforeDueDays} between 1 and 60)
        and (${t.nudgeAfterDays} is null or ${t.nudgeAfterDays} between 1 and 60)`,
    ),
  ],
);

/** An assessment's overrides of its account's reminder settings (a key left out follows it). */
export const assessmentReminderSettings = pgTable('assessment_reminder_settings', {
  assessmentId: text('assessment_id')
    .primaryKey()
    .references(() => assessments.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  overrides: jsonb('overrides').$type<ReminderOverrides>().notNull().default({}),
  version: integer('version').notNull().default(1),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
