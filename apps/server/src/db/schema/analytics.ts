import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
  (t) => [
    index('analytics_events_account_received_idx').on(t.accountId, t.receivedAt),
    // The daily rollup reads one day of events by the time they were received.
    index('analytics_events_received_idx').on(t.receivedAt),
  ],
);

const day = () => date('day', { mode: 'string' }).notNull();

/**
 * The events of one day (UTC, by receive time) per name, screen (the path's first segment) and
 * tab ('' for none), with the people behind them. Written by the analytics rollup job
 * (modules/service-console/analytics); the analytics tab reads only rollups.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: day(),
    name: text('name').notNull(),
    screen: text('screen').notNull(),
    tab: text('tab').notNull(),
    events: integer('events').notNull(),
    users: integer('users').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_daily_pkey', columns: [t.day, t.name, t.screen, t.tab] })],
);

/** Who was active on a day (at least one event): for weekly active users and retention. */
export const analyticsDailyUsers = pgTable(
  'analytics_daily_users',
  {
    day: day(),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_daily_users_pkey', columns: [t.day, t.userId] })],
);

/**
 * One row a day: active users that day and in the 7 days ending it, and the people who signed
 * up that day with how far each got (the activation funnel, by sign-up day).
 */
export const analyticsDailyMetrics = pgTable('analytics_daily_metrics', {
  day: date('day', { mode: 'string' }).primaryKey(),
  dailyActive: integer('daily_active').notNull(),
  weeklyActive: integer('weekly_active').notNull(),
  signups: integer('signups').notNull(),
  verified: integer('verified').notNull(),
  firstTenant: integer('first_tenant').notNull(),
  firstAssessment: integer('first_assessment').notNull(),
  firstCompleted: integer('first_completed').notNull(),
  paid: integer('paid').notNull(),
  // The day's events by name (sums of analytics_daily), so a range's series reads one row a day.
  pageViews: integer('page_views').notNull().default(0),
  purchases: integer('purchases').notNull().default(0),
  upgrades: integer('upgrades').notNull().default(0),
  downgrades: integer('downgrades').notNull().default(0),
  checkoutsCancelled: integer('checkouts_cancelled').notNull().default(0),
  rolledUpAt: timestamp('rolled_up_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Retention: of the people who signed up in `week` (a Monday), how many were active `offset` weeks later. */
export const analyticsRetention = pgTable(
  'analytics_retention',
  {
    week: date('week', { mode: 'string' }).notNull(),
    offset: integer('offset').notNull(),
    size: integer('size').notNull(),
    active: integer('active').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_retention_pkey', columns: [t.week, t.offset] })],
);
