/**
 * Calendar feeds (docs/calendar.md): a person's secret `.ics` address for one account. Only the
 * SHA-256 of the secret is kept (32 random bytes: a fast hash is enough, and the feed is found
 * by an index lookup on it). One per person and account: making another replaces the row, and
 * revoking deletes it, so a revoked address answers 404 on every server at once.
 *
 * A feed lives only while its person is a member: it is read through their membership at
 * every request (their role and client-tenant access as they are now), and only a membership
 * at least as old as the feed counts, so someone removed and invited back does not find their
 * old address working again.
 */
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the secret in the address. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** When a calendar last fetched it (written at most once an hour). */
    lastFetchedAt: tz('last_fetched_at'),
  },
  (t) => [uniqueIndex('calendar_feeds_account_user_idx').on(t.accountId, t.userId)],
);
