import { z } from 'zod';
import { ACCOUNT_PERMISSIONS, type AccountPermission } from './permissions.ts';
import { ACCOUNT_ROLES } from './roles.ts';
import { storableText } from './text.schemas.ts';

/** Logo uploads: PNG, JPEG or WebP (checked by content on the server), at most 1 MB. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const ACCOUNT_PERMISSION_NAMES = Object.keys(ACCOUNT_PERMISSIONS) as AccountPermission[];

export const ACCOUNT_NAME_MAX = 100;

/** GET /api/v1/account: the session's account as its member sees it. */
export const AccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Same-origin URL of the logo (changes when the logo does), or null. */
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
  /** The signed-in member's role in this account. */
  role: z.enum(ACCOUNT_ROLES),
  /** What that role may do (from the shared permission table). */
  permissions: z.array(
    z.enum(ACCOUNT_PERMISSION_NAMES as [AccountPermission, ...AccountPermission[]]),
  ),
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

/** Error codes of this domain (besides the common ones). */
export const ACCOUNT_ERROR_CODES = {
  logoTooLarge: 'account.logo_too_large',
  logoType: 'account.logo_type',
} as const;
