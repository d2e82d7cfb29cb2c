/**
 * API keys (docs/developer.md): a key acts as its account on the /api/v1 routes its scopes
 * allow. Only the SHA-256 of the secret is kept (a key is 32 random bytes, so a fast hash is
 * enough and costs nothing per request); `prefix` is the secret's visible start.
 * `check_result_batches` makes each batch of automated check results apply once.
 */
import type { ApiKeyScope } from '@tenantry/shared';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { assessments } from './assessments.ts';
import { users } from './auth.ts';
import { tenants } from './tenants.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole secret. */
    secretHash: text('secret_hash').notNull().unique(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    /** The one client tenant the key may reach; null for all of the account's. */
    tenantId: text('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email'),
    /**
     * Whose client-tenant access the key acts within (docs/members.md): its creator's, read at
     * every request, so a later change of their access applies to the key. Kept without a
     * foreign key: when they leave the account (or their user is deleted) the key reaches no
     * client tenant, never every one. Null for keys made before tenant access existed.
     */
    accessUserId: text('access_user_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastUsedAt: tz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: tz('revoked_at'),
  },
  (t) => [index('api_keys_account_idx').on(t.accountId, t.createdAt)],
);

export const checkResultBatches = pgTable(
  'check_result_batches',
  {
    assessmentId: text('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    apiKeyId: text('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    applied: integer('applied').notNull(),
    superseded: integer('superseded').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assessmentId, t.idempotencyKey] })],
);
