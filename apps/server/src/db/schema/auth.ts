/**
 * Better Auth's tables (user, session, account, verification), written by hand to match
 * `getAuthTables()` of better-auth 1.7 with our additional user fields. Property names are the
 * field names Better Auth uses; SQL names are snake_case.
 *
 * Naming: the product calls a provider tenant an "account" (see ./accounts.ts), so Better
 * Auth's `account` model (a sign-in method of a user) is stored in `auth_credentials`
 * (`account.modelName = 'auth_credentials'` in auth/auth.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** The seed's `adminUI` claim. Never settable from a request body (input: false). */
    isSystemAdmin: boolean('is_system_admin').notNull().default(false),
    isSystemDev: boolean('is_system_dev').notNull().default(false),
    /**
     * The account the user acts for (`tid`) when they belong to several: set on accepting an
     * invitation or switching. Only honoured while the membership exists (claims.ts).
     */
    activeAccountId: text('active_account_id'),
    /**
     * Better Auth's admin plugin reads the system role here (`admin` or `user`). It mirrors
     * `is_system_admin`, which stays the one place a grant is made: a trigger
     * (`users_role_mirror`, migration 0024) sets it on every insert and update.
     */
    role: text('role').notNull().default('user'),
    /** A user disabled by a system admin (the admin plugin's ban): no new session; ends theirs. */
    banned: boolean('banned').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: tz('ban_expires'),
    /**
     * Better Auth's two-factor plugin: an authenticator app (TOTP) is set up and confirmed.
     * Passkeys are the other second factor (`passkeys`); docs/identity.md.
     */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  },
  // The service console's user list (modules/service-console/users): newest first, keyset-paged
  // by (created_at, id); a search reads the start of the e-mail or the name (text_pattern_ops
  // serves `like 'abc%'` whatever the collation); each filter has a partial index in the
  // list's order, so a rare one (system admins) never walks every user.
  (t) => [
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    // The end of an address (a domain: "@acme.com") read as the start of its reverse.
    index('users_email_suffix_idx').on(sql`reverse(lower(${t.email})) text_pattern_ops`),
    index('users_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('users_admin_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isSystemAdmin}`),
    index('users_dev_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isSystemDev}`),
    index('users_banned_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.banned}`),
    index('users_unverified_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`not ${t.emailVerified}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: tz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Set only on a shared sign-in (/sharedSignin/{tenantId}): the client tenant this session
     * may reach. The share grant is re-checked on every request (claims), never trusted alone.
     */
    sharedTenantId: text('shared_tenant_id'),
    /** When the session last made a request (kept to within a few minutes; admin/security). */
    lastActiveAt: tz('last_active_at').notNull().defaultNow(),
    /**
     * Set on a support session (the admin plugin's impersonation): the system admin who opened
     * the account's app as this user. Such a session is read-only unless its grant says
     * otherwise, ends within 60 minutes, and every request is audited in the account's log.
     */
    impersonatedBy: text('impersonated_by'),
    /**
     * A support session's account: the one account it reaches (the user's other accounts are
     * out of its reach). Null on every other session; an impersonated session without it is
     * refused.
     */
    supportAccountId: text('support_account_id'),
    /**
     * The written reason a support session was opened with, without the owners' grant (the
     * owners were e-mailed it); null when opened under the grant, which it then cannot outlive.
     */
    supportReason: text('support_reason'),
    /**
     * How the session signed in (auth/second-factor.ts): `password`, `sign_up_code`,
     * `shared_code`, `email_link`, `passkey` or `support`; null for a session older than this
     * column. Set only by the session.create hook, never from input.
     */
    signInMethod: text('sign_in_method'),
    /** The second factor the sign-in gave: `totp`, `backup_code` or `passkey`; null: none. */
    secondFactor: text('second_factor'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const authCredentials = pgTable(
  'auth_credentials',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tz('access_token_expires_at'),
    refreshTokenExpiresAt: tz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_credentials_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tz('expires_at').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * Better Auth's two-factor plugin (model `twoFactor`): a user's authenticator-app secret and
 * backup codes, both encrypted with the auth secret. `verified` is false between setting up and
 * confirming the first code; the failure count and lock are the plugin's own lockout.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: tz('locked_until'),
  },
  (t) => [uniqueIndex('two_factors_user_id_idx').on(t.userId)],
);

/** Better Auth's passkey plugin (model `passkey`): a user's WebAuthn credentials. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: tz('created_at').defaultNow(),
    aaguid: text('aaguid'),
  },
  (t) => [
    index('passkeys_user_id_idx').on(t.userId),
    uniqueIndex('passkeys_credential_id_idx').on(t.credentialID),
  ],
);

/**
 * Request counters of every rate limit, Better Auth's (`rateLimit.storage: 'database'`) and the
 * app's own (db/rate-limit.ts): in the database so that they hold across server processes.
 * `last_request` is the start of the current window, in ms since the epoch.
 */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** The schema object handed to Better Auth's drizzle adapter, keyed by Better Auth model name. */
export const betterAuthSchema = {
  user: users,
  session: sessions,
  auth_credentials: authCredentials,
  verification: verifications,
  rateLimit: rateLimits,
  twoFactor: twoFactors,
  passkey: passkeys,
};
