import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    title: text('title'),
    tab: text('tab'),
    focus: text('focus'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Client time of the event (falls back to the receive time). */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [index('analytics_events_account_received_idx').on(t.accountId, t.receivedAt)],
);
