import { z } from 'zod';
import { ACCOUNT_PERMISSIONS, type AccountPermission } from './permissions.ts';
import { ACCOUNT_ROLES } from './roles.ts';

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
  name: z
    .string({ error: 'Enter a name for the account.' })
    .trim()
    .min(1, 'Enter a name for the account.')
    .max(ACCOUNT_NAME_MAX, `Use at most ${ACCOUNT_NAME_MAX} characters.`),
});
export type UpdateAccountInput = z.infer<typeof UpdateAccountSchema>;

/** One audit log entry (GET /api/v1/audit). */
export const AuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorEmail: z.string().nullable(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditQuerySchema = z.object({
  cursor: z.string().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
