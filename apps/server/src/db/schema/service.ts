/**
 * What the service console's overview and system tabs read (docs/service-console.md,
 * "Service console: overview and system"):
 * - `service_daily`: one figure of the whole service per UTC day, kept by the
 *   `service.rollup` job (modules/service-console/overview/overview.rollup.ts), so the
 *   overview reads a few rows instead of scanning accounts, users and answers.
 * - `mail_failures`: a delivery attempt of an e-mail that failed (lib/mail), newest first.
 * - `server_processes`: each server process's heartbeat (every ~15 s) with its live-stream
 *   connections; a row not seen for a minute is a process that has gone.
 * - `server_errors`: answers with a 5xx status per minute, added by each process's heartbeat.
 */
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const serviceDaily = pgTable(
  'service_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    computedAt: tz('computed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'service_daily_pkey', columns: [t.metric, t.day] })],
);

export const mailFailures = pgTable(
  'mail_failures',
  {
    id: text('id').primaryKey(),
    /** The recipient, masked as in the logs (`j***@example.com`). */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    error: text('error').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('mail_failures_created_idx').on(t.createdAt)],
);

export const serverProcesses = pgTable('server_processes', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  startedAt: tz('started_at').notNull(),
  lastSeen: tz('last_seen').notNull(),
  liveConnections: integer('live_connections').notNull().default(0),
});

export const serverErrors = pgTable('server_errors', {
  minute: tz('minute').primaryKey(),
  count: integer('count').notNull().default(0),
});
