/**
 * Support (docs/support.md): tickets of an account's people, their messages (replies and the
 * staff's internal notes) and the staff's canned replies. Tickets and messages carry
 * `account_id` (ADR 0005); canned replies belong to the staff, not to an account.
 */
import {
  SUPPORT_AUTHOR_KINDS,
  SUPPORT_CATEGORIES,
  SUPPORT_PRIORITIES,
  SUPPORT_STATUSES,
  type SupportAuthorKind,
  type SupportCategory,
  type SupportPriority,
  type SupportStatus,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The human number (#123), one sequence for all accounts. */
    number: integer('number').notNull().generatedAlwaysAsIdentity(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    category: text('category').$type<SupportCategory>().notNull(),
    priority: text('priority').$type<SupportPriority>().notNull().default('normal'),
    status: text('status').$type<SupportStatus>().notNull().default('open'),
    pagePath: text('page_path'),
    appVersion: text('app_version'),
    /** A staff member (system admin). */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Messages the customer sees (internal notes not counted). */
    messageCount: integer('message_count').notNull().default(0),
    /** Every message, notes included (the cap of SUPPORT_LIMITS.messages). */
    totalMessages: integer('total_messages').notNull().default(0),
    /** The customer's oldest message not answered by staff yet ("waiting longest"). */
    awaitingSince: tz('awaiting_since'),
    lastCustomerMessageAt: tz('last_customer_message_at'),
    lastStaffMessageAt: tz('last_staff_message_at'),
    /** The last reply either side sees (auto-close counts silence from it). */
    lastMessageAt: tz('last_message_at').notNull().defaultNow(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    resolvedAt: tz('resolved_at'),
    closedAt: tz('closed_at'),
  },
  (t) => [
    uniqueIndex('support_tickets_number_uq').on(t.number),
    index('support_tickets_account_idx').on(t.accountId, t.createdAt, t.id),
    index('support_tickets_queue_idx').on(t.status, t.awaitingSince),
    index('support_tickets_resolved_idx')
      .on(t.lastMessageAt)
      .where(sql`status = 'resolved'`),
    check('support_tickets_status_check', inList('status', SUPPORT_STATUSES)),
    check('support_tickets_priority_check', inList('priority', SUPPORT_PRIORITIES)),
    check('support_tickets_category_check', inList('category', SUPPORT_CATEGORIES)),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorKind: text('author_kind').$type<SupportAuthorKind>().notNull(),
    /** An internal note: staff only, never in a customer's answer. */
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    /** Media ids (purpose support_attachment) shown with the message. */
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    check('support_messages_author_kind_check', inList('author_kind', SUPPORT_AUTHOR_KINDS)),
    check('support_messages_internal_check', sql`not internal or author_kind = 'staff'`),
  ],
);

export const supportCannedReplies = pgTable('support_canned_replies', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
