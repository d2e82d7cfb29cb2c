import { z } from 'zod';
import { EmailAddressSchema } from './auth.schemas.ts';
import { TENANT_ACCESS_LIMITS } from './members.schemas.ts';
import { TenantTagSchema } from './tenants.schemas.ts';
import { storableText } from './text.schemas.ts';

/**
 * Single sign-on (docs/sso.md), part of the Business plan (feature `sso`): an account's owners
 * connect one OpenID Connect identity provider (Microsoft Entra ID, Google Workspace, …), prove
 * the e-mail domains it speaks for by a code e-mailed to an administrative mailbox of each, and
 * may require it for those domains. A first sign-in through it makes the person a member
 * (just-in-time), with the default role.
 */

/** The role a person gets on their first SSO sign-in (never owner). */
export const SSO_DEFAULT_ROLES = ['admin', 'member'] as const;
export type SsoDefaultRole = (typeof SSO_DEFAULT_ROLES)[number];

/**
 * The client tenants a person reaches after their first SSO sign-in (docs/sso.md, "Just-in-time
 * membership"): every one (`all`), or those carrying one of the chosen tags (`tags`: the team's
 * clients, a tenant tagged later reaching them at once), as a member's client-tenant access
 * (docs/members.md). Lists of named tenants are set per member on the members screen.
 */
export const SSO_TENANT_ACCESS = ['all', 'tags'] as const;
export type SsoTenantAccess = (typeof SSO_TENANT_ACCESS)[number];

/**
 * The mailboxes a domain is proven by: the administrative addresses a certificate authority
 * e-mails to validate a domain (CA/Browser Forum, "constructed e-mail to domain contact"), which
 * only the domain's administrators read. Any address at the domain would let any employee
 * claim their company's domain, and with it their colleagues' sign-ins.
 */
export const SSO_PROOF_MAILBOXES = [
  'admin',
  'administrator',
  'hostmaster',
  'postmaster',
  'webmaster',
] as const;
export type SsoProofMailbox = (typeof SSO_PROOF_MAILBOXES)[number];

/** The code e-mailed to prove a domain: 8 digits, 24 hours, 5 tries. */
export const SSO_DOMAIN_CODE = { length: 8, hours: 24, attempts: 5 } as const;
/** Domains an account may hold (proven or waiting for their code). */
export const SSO_DOMAINS_MAX = 20;

export const SSO_ERROR_CODES = {
  /** 404: no identity provider (or none at work) covers this address (POST /sso/sign-in). */
  notConfigured: 'sso.not_configured',
  /** 400: the issuer's discovery document could not be read or does not fit (`fields.issuer`). */
  discoveryFailed: 'sso.discovery_failed',
  /** 400: the first configuration, or a new issuer, comes without the client secret. */
  secretRequired: 'sso.client_secret_required',
  /** 409: another account has proven this domain. */
  domainTaken: 'sso.domain_taken',
  /** 404: no such domain in this account. */
  domainNotFound: 'sso.domain_not_found',
  /** 409: the account holds SSO_DOMAINS_MAX domains. */
  tooManyDomains: 'sso.too_many_domains',
  /** 400: the code is wrong (tries are counted). */
  invalidCode: 'sso.invalid_code',
  /** 400: the code expired or was tried too often: ask for a new one. */
  codeExpired: 'sso.code_expired',
  /**
   * 403: the address's domain requires single sign-on; password sign-in, sign-up and password
   * reset are refused (Better Auth's endpoints answer `{ code, message }` with it).
   */
  required: 'sso.required',
} as const;

/**
 * Why an SSO sign-in came back refused: the `error` of the sign-in page's address
 * (`/signin?sso=failed&error=…`). Ours, then the identity provider's (OAuth's `access_denied`…)
 * and Better Auth's (`invalid_provider`, `invalid_state`, …), which the page words generally.
 */
export const SSO_REFUSALS = {
  /** The address is not at a proven domain of the account whose provider signed it in. */
  domainNotCovered: 'sso.domain_not_covered',
  /** The account's plan no longer includes single sign-on, or its provider was removed. */
  notAvailable: 'sso.not_available',
} as const;

/** A hostname in ASCII (an international name in its `xn--` form), lower-cased. */
export const SsoDomainNameSchema = storableText({ error: 'Enter a domain.' })
  .trim()
  .min(1, 'Enter a domain.')
  .max(253, 'Use at most 253 characters.')
  .transform((s) => s.toLowerCase().replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/,
        'Enter a domain such as example.com (an international name in its xn-- form).',
      ),
  );

/** One e-mail domain of the account's single sign-on. */
export const SsoDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  /** Where the code went (an administrative mailbox at the domain). */
  proofEmail: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** When the latest code was sent, and until when it holds; null once verified. */
  codeSentAt: z.string().nullable(),
  codeExpiresAt: z.string().nullable(),
});
export type SsoDomain = z.infer<typeof SsoDomainSchema>;

/** GET/PUT /api/v1/account/sso: the account's single sign-on (owners). The secret never. */
export const SsoConfigSchema = z.object({
  /** Whether the account's plan includes single sign-on now. */
  available: z.boolean(),
  /** Whether sign-in works now: a provider, a proven domain and the plan. */
  active: z.boolean(),
  /** The redirect (callback) URI to register at the identity provider. */
  redirectUri: z.string(),
  provider: z
    .object({
      issuer: z.string(),
      clientId: z.string(),
      /** Always true: a secret is stored (encrypted) and never shown again. */
      clientSecretSet: z.boolean(),
      /** From the issuer's discovery document. */
      authorizationEndpoint: z.string(),
      tokenEndpoint: z.string(),
      updatedAt: z.string(),
    })
    .nullable(),
  /** Password sign-in, sign-up and reset are refused at the proven domains (owners excepted). */
  requireSso: z.boolean(),
  defaultRole: z.enum(SSO_DEFAULT_ROLES),
  defaultTenantAccess: z.enum(SSO_TENANT_ACCESS),
  /** With `tags`: the tags of the client tenants a new member reaches; empty otherwise. */
  defaultTenantTags: z.array(z.string()),
  domains: z.array(SsoDomainSchema),
});
export type SsoConfig = z.infer<typeof SsoConfigSchema>;

/** PUT /api/v1/account/sso: connect (or change) the identity provider. */
export const SsoConfigInputSchema = z
  .object({
    /** The issuer URL; its `/.well-known/openid-configuration` is read when it changes. */
    issuer: storableText({ error: 'Enter the issuer URL.' })
      .trim()
      .min(1, 'Enter the issuer URL.')
      .max(500, 'Use at most 500 characters.')
      .pipe(z.url({ protocol: /^https?$/, error: 'Enter an https:// URL.' })),
    clientId: storableText({ error: 'Enter the client ID.' })
      .trim()
      .min(1, 'Enter the client ID.')
      .max(500, 'Use at most 500 characters.'),
    /** Required the first time and with a new issuer; left out, the stored one is kept. */
    clientSecret: storableText().min(1, 'Enter the client secret.').max(2000).optional(),
    requireSso: z.boolean(),
    defaultRole: z.enum(SSO_DEFAULT_ROLES),
    /** New members' client-tenant access (left out: every client tenant). */
    defaultTenantAccess: z.enum(SSO_TENANT_ACCESS, { error: 'Choose all or tags.' }).default('all'),
    defaultTenantTags: z
      .array(TenantTagSchema)
      .max(TENANT_ACCESS_LIMITS.tags, `At most ${TENANT_ACCESS_LIMITS.tags} tags.`)
      .overwrite((tags) => [...new Set(tags)])
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.defaultTenantAccess === 'tags' && v.defaultTenantTags.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultTenantTags'],
        message: 'Enter at least one tag.',
      });
    }
    if (v.defaultTenantAccess !== 'tags' && v.defaultTenantTags.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['defaultTenantTags'],
        message: 'Tags are chosen only with “tags”.',
      });
    }
  });
export type SsoConfigInput = z.input<typeof SsoConfigInputSchema>;

/** POST /api/v1/account/sso/domains: add a domain (or send its code again). */
export const SsoDomainInputSchema = z.object({
  domain: SsoDomainNameSchema,
  /** The code goes to `{mailbox}@{domain}`. */
  mailbox: z.enum(SSO_PROOF_MAILBOXES),
});
export type SsoDomainInput = z.input<typeof SsoDomainInputSchema>;

/** POST /api/v1/account/sso/domains/{id}/verify. */
export const SsoDomainVerifySchema = z.object({
  code: storableText({ error: 'Enter the code from the e-mail.' })
    .transform((s) => s.replace(/[\s-]+/g, ''))
    .pipe(
      z
        .string()
        .regex(
          new RegExp(`^\\d{${SSO_DOMAIN_CODE.length}}$`),
          `Enter the ${SSO_DOMAIN_CODE.length}-digit code.`,
        ),
    ),
});
export type SsoDomainVerify = z.input<typeof SsoDomainVerifySchema>;

/** A path of the app to land on after signing in (`/tenant/…`), never another site. */
export const AppPathSchema = storableText()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/, 'Use a path of this site.');

/** POST /api/v1/sso/sign-in: where the identity provider of this address is. */
export const SsoSignInInputSchema = z.object({
  email: EmailAddressSchema,
  /** Where to land once signed in; default `/`. */
  next: AppPathSchema.optional(),
});
export type SsoSignInInput = z.input<typeof SsoSignInInputSchema>;

export const SsoSignInSchema = z.object({
  /** The identity provider's authorization URL: the browser goes there. */
  url: z.string(),
});
export type SsoSignIn = z.infer<typeof SsoSignInSchema>;
