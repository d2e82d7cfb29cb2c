/**
 * Accounts: the product's own tenant (the seed's `tid`), i.e. a provider organisation, and
 * who belongs to it. Not to be confused with Better Auth's `account` model (auth_credentials).
 */
import { ACCOUNT_ROLES, TENANT_ACCESS_MODES } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /*
     * The account's client tenants summed up for the dashboard, refreshed with every change of
     * a tenant or of what it keeps of its assessments (modules/tenants/tenants.rollup.ts).
     */
    tenantsActive: integer('tenants_active').notNull().default(0),
    tenantsArchived: integer('tenants_archived').notNull().default(0),
    /** Active tenants with a completed assessment, and of them those with a score, summed. */
    tenantsAssessed: integer('tenants_assessed').notNull().default(0),
    tenantsScored: integer('tenants_scored').notNull().default(0),
    latestScoreSum: doublePrecision('latest_score_sum').notNull().default(0),
    openAssessments: integer('open_assessments').notNull().default(0),
    /** Open remediation tasks on active tenants. */
    openTasks: integer('open_tasks').notNull().default(0),
    /** Completed assessments of all its tenants. */
    assessmentsCompleted: integer('assessments_completed').notNull().default(0),
    /**
     * Suspended by a system admin: its people may sign in and read, never write (one error,
     * `account.suspended`, on every route); restoring clears it. Nothing is deleted.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspendedReason: text('suspended_reason'),
    /** When any of its members last made a request (kept to within a few minutes). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }),
    /**
     * Until when the owners let the support desk open the account's app as one of its users
     * (admin/security, 1–30 days, revocable); null or past: no standing grant.
     */
    supportAccessUntil: timestamp('support_access_until', { withTimezone: true, mode: 'date' }),
    /**
     * Since when the owners require a second factor of every member (admin/security); null:
     * not required. A member has SECOND_FACTOR_GRACE_DAYS from this or from joining, whichever
     * is later, to enrol (docs/identity.md).
     */
    requireSecondFactorSince: timestamp('require_second_factor_since', {
      withTimezone: true,
      mode: 'date',
    }),
    /*
     * The brand its clients see (docs/branding.md; admin/general): the colour (`#rrggbb`,
     * readable with white text), the display name, the Reply-To address and the e-mail
     * footer; null each: Tenantry's. Applied only while the plan includes it. The logo is
     * the account's media of purpose `account_logo`.
     */
    brandColor: text('brand_color'),
    brandDisplayName: text('brand_display_name'),
    brandReplyTo: text('brand_reply_to'),
    brandEmailFooter: text('brand_email_footer'),
  },
  (t) => [
    // The service console's account list: newest first, keyset-paged by (created_at, id), and
    // its "last active" filter (modules/service-console/accounts).
    index('accounts_created_idx').on(t.createdAt, t.id),
    index('accounts_last_active_idx').on(t.lastActiveAt, t.id),
  ],
);

/**
 * The dashboard's trend: per account and calendar month (UTC) of completion, the completed
 * assessments and the sum of their scores, for the last months (assessments.rollup.ts).
 */
export const accountMonths = pgTable(
  'account_months',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    completed: integer('completed').notNull(),
    scored: integer('scored').notNull(),
    scoreSum: doublePrecision('score_sum').notNull(),
  },
  (t) => [primaryKey({ name: 'account_months_pkey', columns: [t.accountId, t.month] })],
);

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
    /** The client tenant this member last opened: their `ttid` claim. */
    lastTenantId: text('last_tenant_id'),
    /**
     * Which client tenants the member reaches (docs/members.md): `all`, `only` / `except` the
     * tenants of `tenant_access_ids`, or those carrying one of `tenant_access_tags` (read at
     * every request: nothing is written when a tenant is tagged). Owners reach all whatever
     * it says. Applied by auth/tenant-access.ts to every query that reads tenants.
     */
    tenantAccess: text('tenant_access', { enum: TENANT_ACCESS_MODES }).notNull().default('all'),
    tenantAccessIds: text('tenant_access_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tenantAccessTags: text('tenant_access_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Moves with every change of the access (the members screen's optimistic concurrency). */
    tenantAccessVersion: integer('tenant_access_version').notNull().default(0),
  },
  (t) => [
    // The primary key is the unique (account_id, user_id) pair.
    primaryKey({ name: 'memberships_pkey', columns: [t.accountId, t.userId] }),
    index('memberships_user_id_idx').on(t.userId, t.createdAt),
    check(
      'memberships_role_check',
      sql.raw(`${'"role"'} in (${ACCOUNT_ROLES.map((r) => `'${r}'`).join(', ')})`),
    ),
    check(
      'memberships_tenant_access_check',
      sql.raw(`"tenant_access" in (${TENANT_ACCESS_MODES.map((m) => `'${m}'`).join(', ')})`),
    ),
  ],
);

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Invitations to join an account. The token is shown once (in the e-mail) and stored only as
 * a SHA-256 hash. At most one pending invitation per (account, e-mail).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ACCOUNT_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    acceptedAt: tz('accepted_at'),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    index('invitations_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('invitations_pending_email_uq')
      .on(t.accountId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
    check(
      'invitations_role_check',
      sql.raw(`${'"role"'} in (${ACCOUNT_ROLES.map((r) => `'${r}'`).join(', ')})`),
    ),
  ],
);
