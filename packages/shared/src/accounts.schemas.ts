import { z } from 'zod';
import {
  MEDIA_INPUT_TYPES,
  MEDIA_LIMITS,
  MEDIA_PURPOSE_RULES,
  type MediaInputType,
} from './media.schemas.ts';
import { ACCOUNT_PERMISSIONS, type AccountPermission } from './permissions.ts';
import { ACCOUNT_ROLES } from './roles.ts';
import { BRAND_COLOR_PATTERN } from './brand.ts';
import { storableText } from './text.schemas.ts';

/**
 * Logo uploads are media of purpose `account_logo` (media.schemas.ts): PNG, JPEG or WebP
 * (checked by content on the server), at most 1 MB, stored re-encoded within 512 × 512.
 */
export const LOGO_MAX_BYTES = MEDIA_LIMITS.maxBytes;
export const LOGO_CONTENT_TYPES = MEDIA_INPUT_TYPES;
export type LogoContentType = MediaInputType;
export const LOGO_MAX_SIDE = MEDIA_PURPOSE_RULES.account_logo.maxWidth;

export const ACCOUNT_PERMISSION_NAMES = Object.keys(ACCOUNT_PERMISSIONS) as AccountPermission[];

export const ACCOUNT_NAME_MAX = 100;

/** GET /api/v1/account: the session's account as its member sees it. */
export const AccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  /**
   * Same-origin URL of the logo, `/api/v1/media/{id}` (a new logo has a new id, so the URL
   * changes with it and may be cached forever), or null.
   */
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
  /** The signed-in member's role in this account. */
  role: z.enum(ACCOUNT_ROLES),
  /** What that role may do (from the shared permission table). */
  permissions: z.array(
    z.enum(ACCOUNT_PERMISSION_NAMES as [AccountPermission, ...AccountPermission[]]),
  ),
  /**
   * The signed-in member reaches only some of the account's client tenants (docs/members.md):
   * `permissions` then leaves out what reaches beyond them (inviting, the audit log).
   */
  tenantAccessLimited: z.boolean(),
});
export type Account = z.infer<typeof AccountSchema>;

/** PATCH /api/v1/account */
export const UpdateAccountSchema = z.object({
  name: storableText({ error: 'Enter a name for the account.' })
    .trim()
    .min(1, 'Enter a name for the account.')
    .max(ACCOUNT_NAME_MAX, `Use at most ${ACCOUNT_NAME_MAX} characters.`),
});
export type UpdateAccountInput = z.infer<typeof UpdateAccountSchema>;

/**
 * Error codes of this domain (besides the common ones). A refused logo answers the media
 * codes (MEDIA_ERROR_CODES: `media.too_large`, `media.not_an_image`, `media.too_many_pixels`).
 */
export const ACCOUNT_ERROR_CODES = {
  /**
   * 423: the account acted for is suspended by the service team: every change is refused with
   * this one code, on every route (sessions, API keys, respondent links); reads still work.
   */
  suspended: 'account.suspended',
  /**
   * 400: the brand colour is too light for white text on it and for text in it on the pages' grey
   * (WCAG AA 4.5:1); the message gives the ratio (brand.ts `brandColorProblem`).
   */
  brandLowContrast: 'account.brand_low_contrast',
} as const;

// ---------------------------------------------------------------------------------------------
// The brand (docs/branding.md): what the account's clients see on the respondent page, the
// shared sign-in and shared layout, the e-mails they get and the PDF cover. A plan feature
// (`brandedReports`, Pro and up): on Free it may be read, not saved, and is not applied.

export const BRAND_LIMITS = { displayNameMax: 100, emailFooterMax: 500, emailMax: 254 } as const;

// A display name goes into the From header: no controls, quotes, backslashes or angle brackets.
// eslint-disable-next-line no-control-regex -- the characters a header must not carry
const HEADER_UNSAFE_NAME = /[\0-\x1f\x7f"\\<>]/;

/**
 * What a client page shows of the provider (brand.ts `ClientBrand`): the display name (else the
 * account's name), and the colour and logo while the plan applies the brand (else null).
 */
export const ClientBrandSchema = z.object({
  name: z.string(),
  color: z.string().nullable(),
  logoUrl: z.string().nullable(),
});

/** GET /api/v1/account/brand */
export const BrandSchema = z.object({
  /** `#rrggbb`, or null: Tenantry's own blue. */
  color: z.string().nullable(),
  /** The name clients see instead of the account's name (pages, e-mail sender), or null. */
  displayName: z.string().nullable(),
  /** Where clients' replies to e-mails go (the Reply-To header), or null: nowhere. */
  replyTo: z.string().nullable(),
  /** Plain text at the end of every client e-mail, or null. */
  emailFooter: z.string().nullable(),
  /** Same-origin URL of the logo (the account's logo, `PUT /api/v1/account/logo`), or null. */
  logoUrl: z.string().nullable(),
  /** The account's name (what clients see when `displayName` is null). */
  accountName: z.string(),
  /** Whether the plan includes branding now: when false it is kept but clients see Tenantry's. */
  applied: z.boolean(),
});
export type Brand = z.infer<typeof BrandSchema>;

const optionalText = (max: number, tooLong: string) =>
  storableText()
    .trim()
    .max(max, tooLong)
    .nullable()
    .transform((v) => (v ? v : null));

/** PUT /api/v1/account/brand: every field, null (or empty) to clear it. */
export const UpdateBrandSchema = z.object({
  color: storableText()
    .trim()
    .nullable()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || BRAND_COLOR_PATTERN.test(v), {
      error: 'Enter a colour as #rrggbb, e.g. #1864ab.',
    }),
  displayName: optionalText(
    BRAND_LIMITS.displayNameMax,
    `Use at most ${BRAND_LIMITS.displayNameMax} characters.`,
  ).refine((v) => v === null || !HEADER_UNSAFE_NAME.test(v), {
    error: 'Leave out quotes, backslashes, angle brackets and line breaks.',
  }),
  replyTo: optionalText(BRAND_LIMITS.emailMax, 'That e-mail address is too long.').pipe(
    z.email({ error: 'Enter a valid e-mail address.' }).nullable(),
  ),
  emailFooter: optionalText(
    BRAND_LIMITS.emailFooterMax,
    `Use at most ${BRAND_LIMITS.emailFooterMax} characters.`,
  ),
});
export type UpdateBrandInput = z.input<typeof UpdateBrandSchema>;
export type UpdateBrand = z.output<typeof UpdateBrandSchema>;
