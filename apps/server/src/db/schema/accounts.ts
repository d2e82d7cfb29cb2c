/**
 * Accounts: the product's own tenant (the seed's `tid`), i.e. a provider organisation, and
 * who belongs to it. Not to be confused with Better Auth's `account` model (auth_credentials).
 */
import { ACCOUNT_ROLES } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ACCOUNT_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // The primary key is the unique (account_id, user_id) pair.
    primaryKey({ name: 'memberships_pkey', columns: [t.accountId, t.userId] }),
    index('memberships_user_id_idx').on(t.userId, t.createdAt),
    check(
      'memberships_role_check',
      sql.raw(`${'"role"'} in (${ACCOUNT_ROLES.map((r) => `'${r}'`).join(', ')})`),
    ),
  ],
);
