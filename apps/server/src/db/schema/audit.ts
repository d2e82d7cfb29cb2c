/**
 * Audit log: who did what to whom in an account (membership, sharing, and later billing,
 * content publishing, admin actions). Append-only; read at admin/audit.
 */
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text so the entry stays readable after the actor is deleted. */
    actorEmail: text('actor_email'),
    /** Namespaced action, e.g. `members.invited`, `sharing.revoked`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_account_created_idx').on(t.accountId, t.createdAt, t.id)],
);
