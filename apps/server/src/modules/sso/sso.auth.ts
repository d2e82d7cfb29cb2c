/**
 * Single sign-on, the sign-in's side (docs/sso.md): what Better Auth's SSO plugin asks of the
 * account (auth/sso.ts, SsoHooks, wired in app.ts) and the start of a sign-in
 * (`POST /api/v1/sso/sign-in`). None of these run inside the plugin's transaction.
 */
import { SSO_ERROR_CODES, SSO_REFUSALS, type SsoSignIn } from '@tenantry/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Auth } from '../../auth/auth.ts';
import { ssoErrorUrl, type SsoHooks } from '../../auth/sso.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { memberships, ssoDomains, ssoProviders, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, recordSignInFailure } from '../audit/audit.service.ts';
import { hasFeature } from '../billing/entitlements.ts';

const domainOf = (email: string) => email.split('@').pop()?.trim().toLowerCase() ?? '';

async function planAllows(db: Database, accountId: string): Promise<boolean> {
  const feature = await hasFeature(db, accountId, 'sso');
  return feature !== false && feature.allowed;
}

/** The account (and its provider) whose proven domain is `domain`, if any. */
async function accountOfDomain(db: Database, domain: string) {
  const [row] = await db
    .select({
      accountId: ssoProviders.organizationId,
      providerId: ssoProviders.providerId,
      requireSso: ssoProviders.requireSso,
    })
    .from(ssoDomains)
    .innerJoin(ssoProviders, eq(ssoProviders.organizationId, ssoDomains.accountId))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
  return row;
}

export function ssoAuthHooks(db: Database): SsoHooks {
  return {
    async ssoCallbackRefusal(providerId) {
      const [provider] = await db
        .select({ accountId: ssoProviders.organizationId })
        .from(ssoProviders)
        .where(eq(ssoProviders.providerId, providerId));
      if (!provider || !(await planAllows(db, provider.accountId))) {
        return SSO_REFUSALS.notAvailable;
      }
      return null;
    },

    async ssoProvision({ providerId, userId, email }) {
      const [provider] = await db
        .select({
          accountId: ssoProviders.organizationId,
          defaultRole: ssoProviders.defaultRole,
          defaultTenantAccess: ssoProviders.defaultTenantAccess,
          defaultTenantTags: ssoProviders.defaultTenantTags,
        })
        .from(ssoProviders)
        .where(eq(ssoProviders.providerId, providerId));
      if (!provider) return;
      const { accountId, defaultRole, defaultTenantAccess, defaultTenantTags } = provider;
      const byTags = defaultTenantAccess === 'tags';
      await db.transaction(async (tx) => {
        // With the account's client-tenant access for new members (docs/members.md).
        const joined = await tx
          .insert(memberships)
          .values({
            accountId,
            userId,
            role: defaultRole,
            tenantAccess: byTags ? 'tags' : 'all',
            tenantAccessTags: byTags ? defaultTenantTags : [],
          })
          .onConflictDoNothing()
          .returning({ role: memberships.role });
        // The person acts for the account they signed in to.
        await tx.update(users).set({ activeAccountId: accountId }).where(eq(users.id, userId));
        if (joined.length === 0) return;
        await recordAudit(
          tx,
          { accountId, userId, email },
          {
            action: 'sso.member_joined',
            targetType: 'user',
            targetId: userId,
            data: {
              email,
              role: defaultRole,
              tenantAccess: defaultTenantAccess,
              ...(byTags ? { tags: defaultTenantTags } : {}),
            },
          },
        );
      });
    },

    async ssoRefused({ email, reason }) {
      // Without the client's address: the provider's callback hands the plugin none.
      await recordSignInFailure(db, {
        email,
        method: 'sso',
        reason,
        ipAddress: null,
        userAgent: null,
      });
    },

    async ssoRequiredFor(email) {
      const domain = domainOf(email);
      if (!domain) return null;
      const found = await accountOfDomain(db, domain);
      if (!found?.requireSso || !(await planAllows(db, found.accountId))) return null;
      // The account's owners keep their password: the way in should the provider fail.
      const owners = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${memberships} m join ${users} u on u.id = m.user_id
          where m.account_id = ${found.accountId} and m.role = 'owner'
            and u.email = ${email.trim().toLowerCase()}`,
      );
      return (owners[0]?.n ?? 0) > 0 ? null : domain;
    },
  };
}

/**
 * The identity provider's authorization URL for `email` (its domain proven by an account whose
 * plan includes single sign-on), with the state cookie the callback checks set on `setCookie`.
 * 404 `sso.not_configured` otherwise.
 */
export async function startSsoSignIn(
  deps: { db: Database; auth: Auth; publicUrl: string },
  input: { email: string; next?: string | undefined },
  headers: Headers,
  setCookie: (cookie: string) => void,
): Promise<SsoSignIn> {
  const found = await accountOfDomain(deps.db, domainOf(input.email));
  if (!found || !(await planAllows(deps.db, found.accountId))) {
    throw new AppError(
      SSO_ERROR_CODES.notConfigured,
      404,
      'Single sign-on is not set up for this address. Sign in with your password.',
    );
  }
  const callbackURL = `${deps.publicUrl}${input.next ?? '/'}`;
  const { headers: answered, response } = await deps.auth.api.signInSSO({
    body: {
      providerId: found.providerId,
      email: input.email,
      loginHint: input.email,
      callbackURL,
      newUserCallbackURL: callbackURL,
      errorCallbackURL: ssoErrorUrl(deps.publicUrl),
      providerType: 'oidc',
    },
    headers,
    returnHeaders: true,
  });
  for (const cookie of answered.getSetCookie()) setCookie(cookie);
  return { url: response.url };
}
