import { createRoute, z } from '@hono/zod-openapi';
import {
  IdSchema,
  SSO_DOMAIN_CODE,
  SSO_DOMAINS_MAX,
  SSO_PROOF_MAILBOXES,
  SsoConfigInputSchema,
  SsoConfigSchema,
  SsoDomainInputSchema,
  SsoDomainSchema,
  SsoDomainVerifySchema,
  SsoSignInInputSchema,
  SsoSignInSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import { createRouter, type AppEnv } from '../../auth/context.ts';
import { getAccount, limitByAddress, requireAccount } from '../../auth/guards.ts';
import { authApiHeaders } from '../../auth/handler.ts';
import { AppError } from '../../lib/errors.ts';
import { errorResponse, errorResponses, json, jsonBody } from '../../lib/openapi.ts';
import { startSsoSignIn } from './sso.auth.ts';
import { deleteSsoConfig, getSsoConfig, putSsoConfig, type SsoDeps } from './sso.service.ts';
import { addSsoDomain, deleteSsoDomain, verifySsoDomain } from './sso-domains.service.ts';

const TAGS = ['sso'];
const owners = requireAccount('sso.manage');
const guarded = { 401: errorResponses[401], 403: errorResponses[403] };
const domainParams = z.object({ id: IdSchema });
const domainNotFound = errorResponse(
  'No such domain in this account, or not yours to see (`sso.domain_not_found`)',
);

function ssoDeps(c: Context<AppEnv>): SsoDeps {
  const { deps } = c.var;
  return {
    db: deps.db,
    authSecret: deps.config.authSecret,
    publicUrl: deps.config.publicUrl,
    idpOrigins: deps.config.ssoIdpOrigins ?? [],
    rateLimiter: deps.rateLimiter,
    mail: { mailer: deps.mailer, publicUrl: deps.config.publicUrl, log: c.var.log },
  };
}

const getRoute = createRoute({
  middleware: owners,
  method: 'get',
  path: '/account/sso',
  tags: TAGS,
  summary: 'The account’s single sign-on: identity provider, domains, settings (owners)',
  description:
    'Never the client secret (`clientSecretSet` says one is stored). `redirectUri` is the address to register at the identity provider. `available` is false when the plan lacks single sign-on (Business).',
  responses: { 200: json(SsoConfigSchema, 'The configuration'), ...guarded },
});

const putRoute = createRoute({
  middleware: owners,
  method: 'put',
  path: '/account/sso',
  tags: TAGS,
  summary: 'Connect or change the OpenID Connect identity provider (owners; Business plan)',
  description:
    'Reads the issuer’s `/.well-known/openid-configuration` when the issuer is new (400 `sso.discovery_failed` with `fields.issuer` when it cannot be read or does not fit: https, public addresses, the same issuer, the endpoints a sign-in needs). `clientSecret` is required the first time and with a new issuer (400 `sso.client_secret_required`); left out, the stored one is kept. It is stored encrypted and never returned. `requireSso` refuses password sign-in, sign-up and password reset at the proven domains (the account’s owners excepted); `defaultRole` is the role of a first sign-in. Audited.',
  request: { body: jsonBody(SsoConfigInputSchema) },
  responses: {
    200: json(SsoConfigSchema, 'The configuration'),
    400: errorResponse(
      'Invalid input (`common.validation`), an issuer that cannot be used (`sso.discovery_failed`) or no client secret (`sso.client_secret_required`)',
    ),
    ...guarded,
    402: errorResponses[402],
  },
});

const deleteRoute = createRoute({
  middleware: owners,
  method: 'delete',
  path: '/account/sso',
  tags: TAGS,
  summary: 'Disconnect the identity provider (owners; audited)',
  description:
    'Sign-in through it stops at once, and "require SSO" with it; members who joined through it stay members (they sign in with a password after a reset). The proven domains are kept. Idempotent.',
  responses: { 204: { description: 'Disconnected' }, ...guarded },
});

const addDomainRoute = createRoute({
  middleware: owners,
  method: 'post',
  path: '/account/sso/domains',
  tags: TAGS,
  summary: 'Add an e-mail domain: a code goes to an administrative mailbox there (owners)',
  description: `The code (${SSO_DOMAIN_CODE.length} digits, valid ${SSO_DOMAIN_CODE.hours} hours, ${SSO_DOMAIN_CODE.attempts} tries) is e-mailed to \`{mailbox}@{domain}\`, \`mailbox\` one of ${SSO_PROOF_MAILBOXES.map((m) => `\`${m}\``).join(', ')}: addresses only the domain’s administrators read. For a domain waiting on its code, a new code replaces the old one (200); at most 5 codes an hour per domain (429). A domain already proven by this account answers 200 as it is; by another account, 409 \`sso.domain_taken\`. At most ${SSO_DOMAINS_MAX} domains (409 \`sso.too_many_domains\`). Business plan. Audited.`,
  request: { body: jsonBody(SsoDomainInputSchema) },
  responses: {
    201: json(SsoDomainSchema, 'Added; the code is on its way'),
    200: json(SsoDomainSchema, 'A new code is on its way, or the domain is proven already'),
    400: errorResponses[400],
    ...guarded,
    402: errorResponses[402],
    409: errorResponse(
      'Proven by another account (`sso.domain_taken`), or too many domains (`sso.too_many_domains`)',
    ),
    429: errorResponses[429],
  },
});

const verifyDomainRoute = createRoute({
  middleware: owners,
  method: 'post',
  path: '/account/sso/domains/{id}/verify',
  tags: TAGS,
  summary: 'Prove a domain with the e-mailed code (owners)',
  description:
    'A wrong code answers 400 `sso.invalid_code` (`details.attemptsLeft`); an expired or used-up one 400 `sso.code_expired`. 409 `sso.domain_taken` when another account proved it first. A proven domain answers 200 as it is. Business plan. Audited.',
  request: { params: domainParams, body: jsonBody(SsoDomainVerifySchema) },
  responses: {
    200: json(SsoDomainSchema, 'Proven'),
    400: errorResponse(
      'Invalid input (`common.validation`), a wrong code (`sso.invalid_code`) or an expired one (`sso.code_expired`)',
    ),
    ...guarded,
    402: errorResponses[402],
    404: domainNotFound,
    409: errorResponse('Proven by another account first (`sso.domain_taken`)'),
  },
});

const deleteDomainRoute = createRoute({
  middleware: owners,
  method: 'delete',
  path: '/account/sso/domains/{id}',
  tags: TAGS,
  summary: 'Remove a domain (owners; audited)',
  description:
    'Sign-in through the provider and "require SSO" stop for addresses there at once; members who joined through it stay.',
  request: { params: domainParams },
  responses: {
    204: { description: 'Removed' },
    400: errorResponses[400],
    ...guarded,
    404: domainNotFound,
  },
});

const signInRoute = createRoute({
  middleware: limitByAddress('sso.sign-in', { windowSeconds: 60, max: 20 }),
  method: 'post',
  path: '/sso/sign-in',
  tags: TAGS,
  summary: 'Start a single sign-on: the identity provider of this address (anyone)',
  description:
    'For an address at a proven domain of an account whose plan includes single sign-on: answers the identity provider’s authorization URL (the browser goes there) and sets the short-lived state cookie the return checks. The provider sends the browser back to `/api/auth/sso/callback/{providerId}`, which signs in and goes on to `next` (default `/`), a first sign-in making the person a member with the default role; a refusal lands on `/signin?sso=failed&error=…`. 404 `sso.not_configured` otherwise.',
  request: { body: jsonBody(SsoSignInInputSchema) },
  responses: {
    200: json(SsoSignInSchema, 'Go to `url`'),
    400: errorResponses[400],
    404: errorResponse('No single sign-on for this address (`sso.not_configured`)'),
    429: errorResponses[429],
  },
});

/** Mounted under /api/v1: the owners' settings (admin/security) and the start of a sign-in. */
export const ssoRoutes = createRouter()
  .openapi(getRoute, async (c) => {
    c.header('cache-control', 'no-store');
    const { db, config: site } = c.var.deps;
    const config = await getSsoConfig(db, site, getAccount(c).accountId);
    return c.json(config, 200);
  })
  .openapi(putRoute, async (c) => {
    const config = await putSsoConfig(ssoDeps(c), getAccount(c), c.req.valid('json'));
    c.header('cache-control', 'no-store');
    return c.json(config, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteSsoConfig(c.var.deps.db, getAccount(c));
    return c.body(null, 204);
  })
  .openapi(addDomainRoute, async (c) => {
    try {
      const added = await addSsoDomain(ssoDeps(c), getAccount(c), c.req.valid('json'));
      return c.json(added.domain, added.created ? 201 : 200);
    } catch (err) {
      const wait = err instanceof AppError ? err.details?.retryAfterSeconds : undefined;
      if (typeof wait === 'number') c.header('retry-after', String(wait));
      throw err;
    }
  })
  .openapi(verifyDomainRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { code } = c.req.valid('json');
    return c.json(await verifySsoDomain(ssoDeps(c), getAccount(c), id, code), 200);
  })
  .openapi(deleteDomainRoute, async (c) => {
    await deleteSsoDomain(c.var.deps.db, getAccount(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .openapi(signInRoute, async (c) => {
    const { deps } = c.var;
    const answer = await startSsoSignIn(
      { db: deps.db, auth: c.var.auth, publicUrl: deps.config.publicUrl },
      c.req.valid('json'),
      authApiHeaders(c),
      (cookie) => c.header('set-cookie', cookie, { append: true }),
    );
    c.header('cache-control', 'no-store');
    return c.json(answer, 200);
  });
