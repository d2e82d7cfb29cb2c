/**
 * Single sign-on (docs/sso.md). `sso_providers` is the table of Better Auth's SSO plugin (model
 * `ssoProvider`: issuer, oidcConfig, samlConfig, userId, providerId, organizationId, domain,
 * domainVerified) with the account's own settings beside it; one row per account
 * (`organization_id` is the account; the plugin's organization plugin is not used). Its
 * `domain` and `domain_verified` mirror the account's proven domains (`sso_domains`), written
 * only by modules/sso. In `oidc_config` (JSON) the client secret is sealed (lib/secret-box.ts);
 * Better Auth reads the table through `ssoProvidersOpening`, whose column opens it.
 */
import { SSO_DEFAULT_ROLES, SSO_TENANT_ACCESS } from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { isSealed, secretBox, type SecretBox } from '../../lib/secret-box.ts';
import { accounts } from './accounts.ts';
import { users } from './auth.ts';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The purpose a client secret is sealed for (lib/secret-box.ts). */
export const SSO_CLIENT_SECRET_PURPOSE = 'sso-client-secret:v1';

/** The box that seals and opens the client secrets of an app with this AUTH_SECRET. */
export const ssoSecretBox = (authSecret: string) =>
  secretBox(authSecret, SSO_CLIENT_SECRET_PURPOSE);

/** `oidc_config` as stored: the client secret sealed (already sealed values stay as they are). */
export function sealOidcConfig(json: string, box: SecretBox): string {
  const config = JSON.parse(json) as { clientSecret?: unknown };
  if (typeof config.clientSecret === 'string' && !isSealed(config.clientSecret)) {
    config.clientSecret = box.seal(config.clientSecret);
  }
  return JSON.stringify(config);
}

/** `oidc_config` as Better Auth uses it: the client secret in the clear. */
export function openOidcConfig(stored: string, box: SecretBox): string {
  const config = JSON.parse(stored) as { clientSecret?: unknown };
  if (typeof config.clientSecret === 'string' && isSealed(config.clientSecret)) {
    config.clientSecret = box.open(config.clientSecret);
  }
  return JSON.stringify(config);
}

const roleCheck = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);

function ssoProviderTable(oidcConfig: ReturnType<typeof text>) {
  return pgTable(
    'sso_providers',
    {
      id: text('id').primaryKey(),
      issuer: text('issuer').notNull(),
      oidcConfig,
      samlConfig: text('saml_config'),
      /** The owner who connected it. */
      userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
      /** The plugin's provider id, in the redirect URI (`/api/auth/sso/callback/{providerId}`). */
      providerId: text('provider_id').notNull().unique(),
      /** The account. */
      organizationId: text('organization_id')
        .notNull()
        .unique()
        .references(() => accounts.id, { onDelete: 'cascade' }),
      /** The account's proven domains, comma-separated (the plugin's form); '' when none. */
      domain: text('domain').notNull().default(''),
      /** True while at least one domain is proven: the plugin refuses sign-in otherwise. */
      domainVerified: boolean('domain_verified').notNull().default(false),
      requireSso: boolean('require_sso').notNull().default(false),
      defaultRole: text('default_role', { enum: SSO_DEFAULT_ROLES }).notNull().default('member'),
      defaultTenantAccess: text('default_tenant_access', { enum: SSO_TENANT_ACCESS })
        .notNull()
        .default('all'),
      /** With `tags`: new members reach the client tenants carrying one of these. */
      defaultTenantTags: text('default_tenant_tags')
        .array()
        .notNull()
        .default(sql`'{}'::text[]`),
      createdAt: tz('created_at').notNull().defaultNow(),
      updatedAt: tz('updated_at').notNull().defaultNow(),
    },
    () => [
      check('sso_providers_default_role_check', roleCheck('default_role', SSO_DEFAULT_ROLES)),
      check(
        'sso_providers_default_tenant_access_check',
        roleCheck('default_tenant_access', SSO_TENANT_ACCESS),
      ),
    ],
  );
}

export const ssoProviders = ssoProviderTable(text('oidc_config'));

/**
 * The same table for Better Auth's drizzle adapter (auth.ts): reading `oidc_config` opens the
 * client secret with this app's key, writing seals it, so the plugin sees the secret it needs
 * and the database never holds it in the clear.
 */
export function ssoProvidersOpening(authSecret: string): typeof ssoProviders {
  const box = ssoSecretBox(authSecret);
  const sealedJson = customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => sealOidcConfig(value, box),
    fromDriver: (value) => openOidcConfig(value, box),
  });
  return ssoProviderTable(sealedJson('oidc_config') as unknown as ReturnType<typeof text>);
}

/**
 * The e-mail domains an account's single sign-on speaks for. A domain is proven by the code
 * e-mailed to an administrative mailbox there (SSO_PROOF_MAILBOXES); until then it does
 * nothing. A proven domain belongs to one account only (the partial unique index); several
 * accounts may wait on codes for the same one. Only the HMAC of the code is kept.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    proofEmail: text('proof_email').notNull(),
    codeHash: text('code_hash'),
    codeSentAt: tz('code_sent_at'),
    codeExpiresAt: tz('code_expires_at'),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: tz('verified_at'),
    verifiedBy: text('verified_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_domains_account_domain_uq').on(t.accountId, t.domain),
    uniqueIndex('sso_domains_verified_domain_uq')
      .on(t.domain)
      .where(sql`verified_at is not null`),
  ],
);
