/**
 * Share grants: an account shares ONE client tenant with an e-mail address as viewer or
 * contributor (docs/product.md, "Concepts"). Revocation is a timestamp; claims re-check it on every request.
 */
import { SHARE_ROLES } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';
import { tenants } from './tenants.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const shareGrants = pgTable(
  'share_grants',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Lower-cased e-mail address of the person the tenant is shared with. */
    email: text('email').notNull(),
    role: text('role', { enum: SHARE_ROLES }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    index('share_grants_account_idx').on(t.accountId, t.createdAt, t.id),
    index('share_grants_tenant_idx').on(t.accountId, t.tenantId),
    index('share_grants_email_idx').on(t.email),
    uniqueIndex('share_grants_active_uq')
      .on(t.tenantId, t.email)
      .where(sql`revoked_at is null`),
    check(
      'share_grants_role_check',
      sql.raw(`${'"role"'} in (${SHARE_ROLES.map((r) => `'${r}'`).join(', ')})`),
    ),
  ],
);
