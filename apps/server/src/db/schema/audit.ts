/**
 * Audit log: who did what to whom in an account (membership, sharing, and later billing,
 * content publishing, admin actions). Append-only; read at admin/audit.
 */
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    /** Null for a system-wide entry (a sign-in, a staff action on a user, a system change). */
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text so the entry stays readable after the actor is deleted. */
    actorEmail: text('actor_email'),
    /** Namespaced action, e.g. `members.invited`, `sharing.revoked`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The client's address, for security events (sign-ins and their failures). */
    ipAddress: text('ip_address'),
    /**
     * The hash chain (service console, audit tab): entries are sealed after they are written,
     * in `chain_seq` order, each hash covering the entry and the previous hash, so a changed or
     * deleted entry is found by verifying the chain. Null until sealed.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    uniqueIndex('audit_log_chain_seq_uq').on(t.chainSeq),
  ],
);
