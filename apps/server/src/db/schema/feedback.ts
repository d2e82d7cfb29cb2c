/**
 * Feedback (docs/feedback.md): what people send through the feedback button of the main
 * layout, and its triage by system admins. A row carries the sender's current account
 * (`account_id`, null for a shared user, who has none) and user; both stay null once deleted,
 * so the staff keep the feedback. `ticket_id` and `roadmap_item_id` name what it was turned into
 * (plain text: those domains' tables are not referenced from here).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    pagePath: text('page_path').notNull(),
    appVersion: text('app_version').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    handledAt: tz('handled_at'),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
    ticketId: text('ticket_id'),
    roadmapItemId: text('roadmap_item_id'),
  },
  (t) => [
    // The staff list: newest first, all of it or one page path.
    index('feedback_created_idx').on(t.createdAt, t.id),
    index('feedback_page_idx').on(t.pagePath, t.createdAt, t.id),
    check('feedback_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
