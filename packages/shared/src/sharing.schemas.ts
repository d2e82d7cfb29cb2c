import { z } from 'zod';
import { ClientBrandSchema } from './accounts.schemas.ts';
import { SECOND_FACTOR_METHODS } from './identity.schemas.ts';
import { IdSchema } from './params.schemas.ts';
import { SHARE_ROLES } from './roles.ts';
import { storableText } from './text.schemas.ts';

/**
 * Sharing (docs/product.md, "Concepts": share grant): an account shares ONE client tenant with an e-mail
 * address as viewer or contributor. The invitee signs in at /sharedSignin/{tenantId} with a
 * one-time code sent to that address; the invitation's link also carries the share's id
 * (`?share=`), with which the page names the account that shared the tenant.
 */

export const SHARE_EMAIL_MAX = 254;

/** An e-mail address as typed: trimmed and lower-cased (grants are matched case-insensitively). */
export const ShareEmailSchema = storableText({ error: 'Enter an e-mail address.' })
  .trim()
  .min(1, 'Enter an e-mail address.')
  .max(SHARE_EMAIL_MAX, `Use at most ${SHARE_EMAIL_MAX} characters.`)
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }))
  .transform((s) => s.toLowerCase());

export const ShareRoleSchema = z.enum(SHARE_ROLES, { error: 'Choose viewer or contributor.' });

/** POST /api/v1/tenants/{tenantId}/shares */
export const ShareCreateSchema = z.object({
  email: ShareEmailSchema,
  role: ShareRoleSchema,
});
export type ShareCreate = z.input<typeof ShareCreateSchema>;

/** PATCH /api/v1/shares/{id} */
export const ShareUpdateSchema = z.object({ role: ShareRoleSchema });
export type ShareUpdate = z.infer<typeof ShareUpdateSchema>;

export const ShareSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  /** The client tenant's name (for lists across tenants). */
  tenantName: z.string(),
  email: z.string(),
  role: ShareRoleSchema,
  createdAt: z.string(),
  /** ISO time of the last shared sign-in with this grant; null when never used. */
  lastUsedAt: z.string().nullable(),
});
export type Share = z.infer<typeof ShareSchema>;

export const ShareListSchema = z.object({ shares: z.array(ShareSchema) });
export type ShareList = z.infer<typeof ShareListSchema>;

/** POST /api/v1/shared-signin/{tenantId}/code */
export const SharedSignInCodeRequestSchema = z.object({ email: ShareEmailSchema });
export type SharedSignInCodeRequest = z.input<typeof SharedSignInCodeRequestSchema>;

/** The same answer whether or not a grant exists (no enumeration). */
export const SharedSignInCodeSentSchema = z.object({ status: z.literal('sent') });
export type SharedSignInCodeSent = z.infer<typeof SharedSignInCodeSentSchema>;

export const SHARED_SIGNIN_CODE_LENGTH = 6;

/** POST /api/v1/shared-signin/{tenantId}/verify */
export const SharedSignInVerifySchema = z.object({
  email: ShareEmailSchema,
  code: storableText({ error: 'Enter the code from the e-mail.' })
    .trim()
    .regex(
      new RegExp(`^\\d{${SHARED_SIGNIN_CODE_LENGTH}}$`),
      `Enter the ${SHARED_SIGNIN_CODE_LENGTH}-digit code.`,
    ),
});
export type SharedSignInVerify = z.input<typeof SharedSignInVerifySchema>;

export const SharedSignInResultSchema = z.object({
  /** The client tenant this session may reach: go to /tenant/{tenantId}. */
  tenantId: z.string(),
  /**
   * `second-factor` when the address has a second factor (docs/identity.md): no session yet;
   * the answer sets the challenge cookie of Better Auth's two-factor step, which then opens
   * the shared session for this tenant.
   */
  status: z.enum(['signed-in', 'second-factor']),
  /** What the second step may use (only with `second-factor`). */
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)).optional(),
});
export type SharedSignInResult = z.infer<typeof SharedSignInResultSchema>;

/** GET /api/v1/shared-signin/{tenantId}/shares/{shareId} (public): its path parameters. */
export const SharedSignInShareParamsSchema = z.object({ tenantId: IdSchema, shareId: IdSchema });

/**
 * Who shared the tenant, for the shared sign-in page: the sharing account's name for an active
 * share of that tenant, else null — the same answer (200) for a share that never existed, is
 * revoked, or is of another tenant, so it tells nothing to someone without the link.
 */
export const SharedSignInSharerSchema = z.object({
  accountName: z.string().nullable(),
  /** The sharing provider's brand on the shared sign-in page (docs/branding.md), or null. */
  brand: ClientBrandSchema.nullable(),
});
export type SharedSignInSharer = z.infer<typeof SharedSignInSharerSchema>;

/** The query parameter of the shared sign-in page that carries the share's id. */
export const SHARED_SIGNIN_SHARE_PARAM = 'share';

/**
 * Where the e-mail to an invitee points; with the share's id, the page names who shared it.
 */
export function sharedSignInPath(tenantId: string, shareId?: string): string {
  const path = `/sharedSignin/${encodeURIComponent(tenantId)}`;
  return shareId ? `${path}?${SHARED_SIGNIN_SHARE_PARAM}=${encodeURIComponent(shareId)}` : path;
}

/** Error codes of this domain (besides the common ones). */
export const SHARING_ERROR_CODES = {
  notFound: 'sharing.not_found',
  alreadyShared: 'sharing.already_shared',
  invalidCode: 'sharing.invalid_code',
} as const;
