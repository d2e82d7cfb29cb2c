/**
 * Audit log: who did what to whom in an account (membership, sharing, billing, content
 * publishing, admin actions), and system-wide entries (security events, the service console's
 * staff actions). Append-only; read at admin/audit (an account's own) and service/audit (all).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AuditChainVerification, AuditVerificationState } from '@tenantry/shared';

export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    /**
     * Null for a system-wide entry (a sign-in, a staff action on a user, a system change).
     * No foreign keys on the account and the actor: a sealed entry never changes (the hash
     * chain covers both ids), so deleting an account or a user leaves its entries as written.
     */
    accountId: text('account_id'),
    actorUserId: text('actor_user_id'),
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
     * deleted entry is found by verifying the chain. Null until sealed
     * (modules/service-console/audit/audit-chain.ts).
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
    // The service console's filters, each ending in the list's order (created_at, id).
    index('audit_log_actor_email_idx').on(t.actorEmail, t.createdAt, t.id),
    index('audit_log_action_idx').on(t.action, t.createdAt, t.id),
    // An action prefix (`service.`): the part before the first dot.
    index('audit_log_action_domain_idx').on(
      sql`split_part(${t.action}, '.', 1)`,
      t.createdAt,
      t.id,
    ),
    // What the sealing job reads: small, since entries are sealed seconds after they are written.
    index('audit_log_unsealed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.chainSeq} is null`),
  ],
);

/**
 * The head of the audit hash chain: the last sealed entry's `chain_seq` and hash, moved by the
 * sealing job in the transaction that seals. Verifying checks the chain ends here, so deleting
 * the newest sealed entries is found too. One row (`id = 'audit'`).
 */
export const auditChainHead = pgTable('audit_chain_head', {
  id: text('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Verifications of the hash chain (service-console/audit): asked for by a system admin, run by
 * the `service.audit-verify` job, which writes its progress and result here. No foreign key:
 * like the log itself, a row outlives the user who asked.
 */
export const auditVerifications = pgTable(
  'audit_verifications',
  {
    id: text('id').primaryKey(),
    requestedBy: text('requested_by'),
    requestedByEmail: text('requested_by_email'),
    ipAddress: text('ip_address'),
    state: text('state').$type<AuditVerificationState>().notNull().default('queued'),
    checked: bigint('checked', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    result: jsonb('result').$type<AuditChainVerification>(),
    error: text('error'),
    /** How many times a job took it up (a run cut short is taken up again). */
    runs: integer('runs').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** Written with the progress: a running row whose heartbeat stopped was cut short. */
    heartbeatAt: tz('heartbeat_at'),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('audit_verifications_created_idx').on(t.createdAt),
    // At most one verification on its way: a second request answers that one.
    uniqueIndex('audit_verifications_one_active_uq')
      .on(sql`(true)`)
      .where(sql.raw(`"state" in ('queued', 'running')`)),
  ],
);
