/**
 * Single sign-on through Better Auth's SSO plugin (`@better-auth/sso`, OpenID Connect; docs/sso.md).
 *
 * Over HTTP the plugin serves only its callback (`/api/auth/sso/callback/{providerId}`): the
 * rest (registering providers, its DNS domain proof, SAML) is refused here, and providers are
 * written by modules/sso for owners on the Business plan. A sign-in starts at
 * `POST /api/v1/sso/sign-in`, which calls `auth.api.signInSSO`. What the account allows is
 * asked of the SsoHooks (modules/sso, wired in app.ts, so that auth/ imports no module): who
 * may sign in through a provider, the membership a first sign-in makes, and the domains where
 * password sign-in, sign-up and password reset are refused ("require SSO").
 */
import { DISPLAY_NAME_MAX, SSO_ERROR_CODES, SSO_REFUSALS } from '@tenantry/shared';
import { sso } from '@better-auth/sso';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Logger } from '../lib/logger.ts';

/** The plugin's callback path, before the provider id. */
export const SSO_CALLBACK_PATH = '/sso/callback/';

/** Whether an endpoint call (Better Auth's `ctx.path`) is the SSO callback. */
export function isSsoCallback(ctx: { path?: string } | null | undefined): boolean {
  return typeof ctx?.path === 'string' && ctx.path.startsWith(SSO_CALLBACK_PATH);
}

/** Where a refused SSO sign-in lands: the sign-in page, which words `error` (SSO_REFUSALS). */
export function ssoErrorUrl(publicUrl: string, code?: string): string {
  const url = `${publicUrl}/signin?sso=failed`;
  return code ? `${url}&error=${encodeURIComponent(code)}` : url;
}

export interface SsoHooks {
  /**
   * Whether the provider `providerId` may sign anyone in now (it exists; its account's plan
   * includes single sign-on): null when it may, else the refusal's code (SSO_REFUSALS). Asked
   * when the identity provider sends the person back, before anything is written.
   */
  ssoCallbackRefusal(providerId: string): Promise<string | null>;
  /**
   * After every SSO sign-in: the user is a member of the provider's account (made one with the
   * default role on their first sign-in there) and acts for it. Idempotent.
   */
  ssoProvision(input: { providerId: string; userId: string; email: string }): Promise<void>;
  /**
   * The domain of `email` when single sign-on is required there for this address (not for
   * the owners of the account, who keep their password as a way in), else null.
   */
  ssoRequiredFor(email: string): Promise<string | null>;
  /**
   * The provider signed in an address this account may not let in (SSO_REFUSALS): a refused
   * sign-in for the security events (`auth.sign_in_failed`, method `sso`). Not awaited.
   */
  ssoRefused(event: { email: string; reason: string }): Promise<void>;
}

/** The endpoints "require SSO" refuses for an address at a required domain. */
const PASSWORD_PATHS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/reset-password',
  // The sign-up code (POST /api/v1/signup/verify calls it through auth.api).
  '/email-otp/verify-email',
]);

/** What a refused password path answers. */
export function ssoRequiredError(domain: string) {
  return new APIError('FORBIDDEN', {
    code: SSO_ERROR_CODES.required,
    message: `Addresses at ${domain} sign in with single sign-on: choose "Use single sign-on (SSO)".`,
  });
}

/** The address a request to a PASSWORD_PATHS endpoint is about, if it says. */
async function addressOf(ctx: {
  path: string;
  body?: unknown;
  context: {
    internalAdapter: {
      findVerificationValue(id: string): Promise<{ value: string } | null>;
      findUserById(id: string): Promise<{ email: string } | null>;
    };
  };
}): Promise<string | null> {
  const body = (ctx.body ?? {}) as { email?: unknown; token?: unknown };
  if (typeof body.email === 'string') return body.email.trim().toLowerCase();
  if (ctx.path !== '/reset-password' || typeof body.token !== 'string') return null;
  // A reset link sent before the domain required SSO: the token names its user.
  const { internalAdapter } = ctx.context;
  const found = await internalAdapter.findVerificationValue(`reset-password:${body.token}`);
  if (!found) return null;
  const user = await internalAdapter.findUserById(found.value);
  return user?.email ?? null;
}

/**
 * Refuses every SSO path but the callback over HTTP (the plugin's provider CRUD, its DNS
 * domain proof, SAML, and `/sign-in/sso`, which `POST /api/v1/sso/sign-in` calls through
 * auth.api), and enforces "require SSO" on the password paths.
 */
function ssoPolicy(hooks: SsoHooks, publicUrl: string): BetterAuthPlugin {
  return {
    id: 'tenantry-sso-policy',
    init: () => ({
      options: {
        // A sign-in that fails before its own error address is known (an unknown or expired
        // state) lands on the sign-in page too, which says so.
        onAPIError: { errorURL: ssoErrorUrl(publicUrl) },
        // Runs before auth.ts's own hook (plugins' first), which then sees the cut name.
        databaseHooks: {
          user: {
            create: {
              before: async (user, ctx) =>
                isSsoCallback(ctx) ? { data: { ...user, ...ssoNewUser(user) } } : undefined,
            },
          },
        },
      },
    }),
    onRequest: async (request, ctx) => {
      const basePath = new URL(ctx.baseURL).pathname.replace(/\/+$/, '');
      const pathname = new URL(request.url).pathname;
      const path = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname;
      const callback =
        path.startsWith(SSO_CALLBACK_PATH) && !path.slice(SSO_CALLBACK_PATH.length).includes('/');
      if ((path.startsWith('/sso/') && !callback) || path === '/sign-in/sso' || path === '/sso') {
        return { response: new Response('Not Found', { status: 404 }) };
      }
      return undefined;
    },
    hooks: {
      before: [
        {
          // The identity provider sent the person back: the account may still use SSO?
          matcher: (ctx) => isSsoCallback(ctx),
          handler: createAuthMiddleware(async (ctx) => {
            const param = (ctx.params as { providerId?: unknown } | undefined)?.providerId;
            const providerId =
              typeof param === 'string' ? param : ctx.path.slice(SSO_CALLBACK_PATH.length);
            const refusal = await hooks.ssoCallbackRefusal(providerId);
            if (refusal) throw ctx.redirect(ssoErrorUrl(publicUrl, refusal));
          }),
        },
        {
          matcher: (ctx) => PASSWORD_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const email = await addressOf(ctx);
            if (!email) return;
            const domain = await hooks.ssoRequiredFor(email);
            if (!domain) return;
            // Returned over HTTP, as storable-input.ts does (thrown from a hook it would also be
            // logged as a server error); thrown to an auth.api caller (the sign-up code).
            const error = ssoRequiredError(domain);
            if (ctx.request) return error;
            throw error;
          }),
        },
      ],
    },
  };
}

/**
 * What a user made by a first SSO sign-in gets (Better Auth's `user.create.before`): the
 * address is proven (it is at a domain the account proved, checked by `resolveUser` below, and
 * the account's provider vouches for it), and the provider's name is cut to fit.
 */
export function ssoNewUser(user: { name?: unknown }) {
  const name = String(user.name ?? '')
    .trim()
    .slice(0, DISPLAY_NAME_MAX);
  return { name, emailVerified: true };
}

/** The verified e-mail domains of a provider row (the plugin's comma-separated `domain`). */
export function providerDomains(domain: string | null | undefined): string[] {
  return (domain ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
}

/** The plugins of single sign-on, for auth.ts's plugin list. */
export function ssoPlugins(hooks: SsoHooks, publicUrl: string, log: Logger) {
  return [
    sso({
      // The plugin's own check: no sign-in through a provider whose domains are not proven
      // (modules/sso sets `domainVerified` while the account has a proven domain), and an
      // existing user of a proven domain is linked to the provider's identity.
      domainVerification: { enabled: true },
      // Providers are written by modules/sso only (owners, Business plan).
      providersLimit: 0,
      // Inside the sign-in's transaction, before a user or session is written: only addresses
      // at the account's proven domains (exactly; not their subdomains). Read through the
      // transaction's adapter: on PGlite, any other query would wait for this transaction.
      resolveUser: async (input, { database }) => {
        const provider = await database.findOne<{ domain: string }>({
          model: 'ssoProvider',
          where: [{ field: 'providerId', value: input.providerId }],
        });
        const domain = input.providerUser.email.split('@').pop()?.trim().toLowerCase() ?? '';
        if (provider && providerDomains(provider.domain).includes(domain)) {
          return { action: 'continue' };
        }
        log.info({ providerId: input.providerId, domain }, 'SSO sign-in refused: domain');
        void hooks
          .ssoRefused({ email: input.providerUser.email, reason: 'sso_domain_not_covered' })
          .catch((err: unknown) => log.error({ err }, 'could not record a refused SSO sign-in'));
        return {
          action: 'reject',
          code: SSO_REFUSALS.domainNotCovered,
          message: `${domain} is not one of this account's single sign-on domains.`,
        };
      },
      provisionUserOnEveryLogin: true,
      provisionUser: async ({ user, provider }) => {
        await hooks.ssoProvision({
          providerId: provider.providerId,
          userId: user.id,
          email: user.email,
        });
      },
    }),
    ssoPolicy(hooks, publicUrl),
  ];
}
