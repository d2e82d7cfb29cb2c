/**
 * The service console's staff notes on an account (docs/service-console.md, "Service console:
 * accounts"): internal, written and read by system admins only, never shown to the account.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

export const accountStaffNotes = pgTable(
  'account_staff_notes',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('account_staff_notes_account_idx').on(t.accountId, t.createdAt),
    check('account_staff_notes_body_check', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);
