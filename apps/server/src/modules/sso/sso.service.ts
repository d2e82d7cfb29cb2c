/**
 * Single sign-on, the owners' side (docs/sso.md): the account's identity provider (one, OpenID
 * Connect), its e-mail domains proven by a code e-mailed to an administrative mailbox there,
 * "require SSO" and the default role of a first sign-in. Writes need the Business plan
 * (feature `sso`, 402 otherwise); removing never does. Every query names the account.
 */
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import {
  SSO_ERROR_CODES,
  type SsoConfig,
  type SsoConfigInputSchema,
  type SsoDomain,
} from '@tenantry/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SSO_CALLBACK_PATH } from '../../auth/sso.ts';
import type { AccountContext } from '../../auth/types.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { RateLimiter } from '../../db/rate-limit.ts';
import {
  authCredentials,
  sealOidcConfig,
  ssoDomains,
  ssoProviders,
  ssoSecretBox,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { MailContext } from '../../lib/mail/index.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertFeature, hasFeature } from '../billing/entitlements.ts';
import { discoverProvider, IssuerRefused, issuerUrlRefusal } from './sso.discovery.ts';

export type Db = Database | Tx;

/** What the owners' routes need besides the database. */
export interface SsoDeps {
  db: Database;
  authSecret: string;
  publicUrl: string;
  /** SSO_IDP_ORIGINS: identity providers allowed on private addresses. */
  idpOrigins: readonly string[];
  rateLimiter: RateLimiter;
  mail: MailContext;
}

/** The scopes asked of the provider: who the person is and their address, nothing more. */
const SCOPES = ['openid', 'email', 'profile'];

/**
 * The account's provider id in the plugin's table, which the redirect URI ends in: derived
 * from the account id with a key from AUTH_SECRET, so it is the same before the provider is
 * connected (the owner registers the URI at the provider first) and after a reconnection,
 * and names no account to whoever starts a sign-in.
 */
export function providerIdOf(authSecret: string, accountId: string): string {
  const key = Buffer.from(hkdfSync('sha256', authSecret, 'tenantry', 'sso-provider-id:v1', 32));
  return `sso-${createHmac('sha256', key).update(accountId).digest('base64url').slice(0, 22)}`;
}

export const redirectUriOf = (publicUrl: string, providerId: string) =>
  `${publicUrl}/api/auth${SSO_CALLBACK_PATH}${encodeURIComponent(providerId)}`;

/** Where the owners' answers are shown from: the public URL and the key of provider ids. */
export interface SsoSite {
  publicUrl: string;
  authSecret: string;
}

export const domainNotFound = () =>
  new AppError(SSO_ERROR_CODES.domainNotFound, 404, 'There is no such domain in this account.');
export const domainTaken = (domain: string) =>
  new AppError(
    SSO_ERROR_CODES.domainTaken,
    409,
    `${domain} is proven by another Tenantry account. A domain belongs to one account only.`,
  );

/** The stored configuration's JSON (what the plugin reads as `oidcConfig`). */
interface StoredOidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksEndpoint: string;
  userInfoEndpoint?: string;
  discoveryEndpoint: string;
  tokenEndpointAuthentication: 'client_secret_basic' | 'client_secret_post';
  pkce: boolean;
  scopes: string[];
}

type DomainRow = typeof ssoDomains.$inferSelect;

export function toDomain(row: DomainRow): SsoDomain {
  const verified = row.verifiedAt !== null;
  return {
    id: row.id,
    domain: row.domain,
    proofEmail: row.proofEmail,
    verified,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    codeSentAt: verified ? null : (row.codeSentAt?.toISOString() ?? null),
    codeExpiresAt: verified ? null : (row.codeExpiresAt?.toISOString() ?? null),
  };
}

/** The account's single sign-on as its owners see it (never the secret). */
export async function getSsoConfig(db: Db, site: SsoSite, accountId: string): Promise<SsoConfig> {
  const [[provider], domains, feature] = await Promise.all([
    db.select().from(ssoProviders).where(eq(ssoProviders.organizationId, accountId)),
    db
      .select()
      .from(ssoDomains)
      .where(eq(ssoDomains.accountId, accountId))
      .orderBy(asc(ssoDomains.createdAt), asc(ssoDomains.id)),
    hasFeature(db as Database, accountId, 'sso'),
  ]);
  const available = feature !== false && feature.allowed;
  const config = provider?.oidcConfig
    ? (JSON.parse(provider.oidcConfig) as Partial<StoredOidcConfig>)
    : null;
  const anyVerified = domains.some((d) => d.verifiedAt !== null);
  return {
    available,
    active: available && provider !== undefined && anyVerified,
    redirectUri: redirectUriOf(
      site.publicUrl,
      provider?.providerId ?? providerIdOf(site.authSecret, accountId),
    ),
    provider:
      provider && config
        ? {
            issuer: provider.issuer,
            clientId: config.clientId ?? '',
            clientSecretSet: typeof config.clientSecret === 'string',
            authorizationEndpoint: config.authorizationEndpoint ?? '',
            tokenEndpoint: config.tokenEndpoint ?? '',
            updatedAt: provider.updatedAt.toISOString(),
          }
        : null,
    requireSso: provider?.requireSso ?? false,
    defaultRole: provider?.defaultRole ?? 'member',
    defaultTenantAccess: provider?.defaultTenantAccess ?? 'all',
    defaultTenantTags: provider?.defaultTenantTags ?? [],
    domains: domains.map(toDomain),
  };
}

/**
 * The plugin's view of the proven domains: `domain` (comma-separated) and `domain_verified`,
 * from the account's verified rows. Run after every change of a domain or of the provider.
 */
export async function syncProviderDomains(tx: Db, accountId: string): Promise<void> {
  await tx.execute(sql`update ${ssoProviders} p set
      domain = coalesce((select string_agg(d.domain, ',' order by d.domain) from ${ssoDomains} d
        where d.account_id = ${accountId} and d.verified_at is not null), ''),
      domain_verified = exists (select 1 from ${ssoDomains} d
        where d.account_id = ${accountId} and d.verified_at is not null)
    where p.organization_id = ${accountId}`);
}

type ConfigInput = z.output<typeof SsoConfigInputSchema>;

/** Connects (or changes) the account's identity provider; audited. */
export async function putSsoConfig(
  deps: SsoDeps,
  actor: AccountContext,
  input: ConfigInput,
): Promise<SsoConfig> {
  const { db } = deps;
  const { accountId } = actor;
  await assertFeature(db, accountId, 'sso');
  const refusal = issuerUrlRefusal(input.issuer, deps.idpOrigins);
  if (refusal) {
    throw new AppError('common.validation', 400, 'Some of the data sent is not valid.', {
      issuer: refusal,
    });
  }
  const [existing] = await db
    .select()
    .from(ssoProviders)
    .where(eq(ssoProviders.organizationId, accountId));
  const stored = existing?.oidcConfig
    ? (JSON.parse(existing.oidcConfig) as StoredOidcConfig)
    : undefined;
  const sameIssuer =
    stored !== undefined &&
    stripSlash(stored.issuer) === stripSlash(input.issuer) &&
    Boolean(stored.tokenEndpoint && stored.jwksEndpoint && stored.authorizationEndpoint);
  if (!input.clientSecret && !(sameIssuer && stored?.clientSecret)) {
    throw new AppError(
      SSO_ERROR_CODES.secretRequired,
      400,
      'Enter the client secret: it is needed the first time and with a new issuer.',
      { clientSecret: 'Enter the client secret.' },
    );
  }
  let endpoints: Omit<StoredOidcConfig, 'clientId' | 'clientSecret' | 'pkce' | 'scopes'>;
  if (sameIssuer && stored) {
    endpoints = {
      issuer: stored.issuer,
      discoveryEndpoint: stored.discoveryEndpoint,
      authorizationEndpoint: stored.authorizationEndpoint,
      tokenEndpoint: stored.tokenEndpoint,
      jwksEndpoint: stored.jwksEndpoint,
      userInfoEndpoint: stored.userInfoEndpoint,
      tokenEndpointAuthentication: stored.tokenEndpointAuthentication,
    };
  } else {
    try {
      endpoints = await discoverProvider(input.issuer, deps.idpOrigins);
    } catch (err) {
      if (!(err instanceof IssuerRefused)) throw err;
      throw new AppError(
        SSO_ERROR_CODES.discoveryFailed,
        400,
        `The identity provider's discovery document could not be used: ${err.message}`,
        { issuer: err.message },
      );
    }
  }
  const box = ssoSecretBox(deps.authSecret);
  const oidc: StoredOidcConfig = {
    ...endpoints,
    clientId: input.clientId,
    // Sealed below; a kept secret is sealed already.
    clientSecret: input.clientSecret ?? stored!.clientSecret,
    pkce: true,
    scopes: SCOPES,
  };
  const oidcConfig = sealOidcConfig(JSON.stringify(oidc), box);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(ssoProviders)
      .values({
        id: randomUUID(),
        issuer: endpoints.issuer,
        oidcConfig,
        userId: actor.userId,
        providerId: providerIdOf(deps.authSecret, accountId),
        organizationId: accountId,
        requireSso: input.requireSso,
        defaultRole: input.defaultRole,
        defaultTenantAccess: input.defaultTenantAccess,
        defaultTenantTags: input.defaultTenantTags,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: ssoProviders.organizationId,
        set: {
          issuer: endpoints.issuer,
          oidcConfig,
          userId: actor.userId,
          requireSso: input.requireSso,
          defaultRole: input.defaultRole,
          defaultTenantAccess: input.defaultTenantAccess,
          defaultTenantTags: input.defaultTenantTags,
          updatedAt: now,
        },
      });
    await syncProviderDomains(tx, accountId);
    await recordAudit(tx, actor, {
      action: 'sso.configured',
      targetType: 'account',
      targetId: accountId,
      data: {
        issuer: endpoints.issuer,
        clientId: input.clientId,
        secretChanged: input.clientSecret !== undefined,
        requireSso: input.requireSso,
        defaultRole: input.defaultRole,
        defaultTenantAccess: input.defaultTenantAccess,
        ...(input.defaultTenantAccess === 'tags'
          ? { defaultTenantTags: input.defaultTenantTags }
          : {}),
        ...(existing ? {} : { created: true }),
      },
    });
  });
  return getSsoConfig(db, deps, accountId);
}

const stripSlash = (s: string) => s.replace(/\/+$/, '');

/**
 * Disconnects the identity provider (its links to users go with it; the members stay, and the
 * proven domains are kept for a new provider). Idempotent; audited when there was one.
 */
export async function deleteSsoConfig(db: Database, actor: AccountContext): Promise<void> {
  const { accountId } = actor;
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(ssoProviders)
      .where(eq(ssoProviders.organizationId, accountId))
      .returning({ issuer: ssoProviders.issuer, providerId: ssoProviders.providerId });
    const [provider] = removed;
    if (!provider) return;
    await tx.delete(authCredentials).where(eq(authCredentials.providerId, provider.providerId));
    await recordAudit(tx, actor, {
      action: 'sso.removed',
      targetType: 'account',
      targetId: accountId,
      data: { issuer: provider.issuer },
    });
  });
}
