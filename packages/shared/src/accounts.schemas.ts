import { z } from 'zod';
import {
  MEDIA_INPUT_TYPES,
  MEDIA_LIMITS,
  MEDIA_PURPOSE_RULES,
  type MediaInputType,
} from './media.schemas.ts';
import { ACCOUNT_PERMISSIONS, type AccountPermission } from './permissions.ts';
import { ACCOUNT_ROLES } from './roles.ts';
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
} as const;
