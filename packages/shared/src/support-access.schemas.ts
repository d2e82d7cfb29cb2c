import { z } from 'zod';
import { IdSchema } from './params.schemas.ts';

/** How long an owner may let the support desk in at once (admin/security). */
export const SUPPORT_ACCESS_DAYS = { min: 1, max: 30 } as const;
/** The shortest written reason for a support session without the owners' grant. */
export const SUPPORT_REASON_MIN = 10;
export const SUPPORT_REASON_MAX = 1000;

export const SUPPORT_ACCESS_ERROR_CODES = {
  /** 409: no active grant and no written reason (at least SUPPORT_REASON_MIN characters). */
  reasonRequired: 'support_access.reason_required',
} as const;

/** The account's support access grant (GET/PUT/DELETE /api/v1/account/support-access). */
export const SupportAccessSchema = z.object({
  /** Until when the support desk may open the account's app; null when not granted. */
  until: z.string().nullable(),
  /** Whether the grant is in force now. */
  active: z.boolean(),
});
export type SupportAccess = z.infer<typeof SupportAccessSchema>;

export const SupportAccessGrantSchema = z.object({
  days: z.number().int().min(SUPPORT_ACCESS_DAYS.min).max(SUPPORT_ACCESS_DAYS.max),
});
export type SupportAccessGrant = z.infer<typeof SupportAccessGrantSchema>;

/** POST /api/v1/service/accounts/{accountId}/support-session. */
export const SupportSessionInputSchema = z.object({
  userId: IdSchema,
  /** Required (≥ 10 characters) unless the owners' grant is active; the owners are e-mailed it. */
  reason: z.string().trim().min(SUPPORT_REASON_MIN).max(SUPPORT_REASON_MAX).optional(),
});
export type SupportSessionInput = z.infer<typeof SupportSessionInputSchema>;

export const SupportSessionSchema = z.object({
  accountId: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  endsAt: z.string(),
  /** True when opened under the owners' grant, false when by a written reason. */
  viaGrant: z.boolean(),
});
export type SupportSession = z.infer<typeof SupportSessionSchema>;

/** GET /api/v1/service/accounts/{accountId}/support-access: what the start dialog needs. */
export const SupportAccessOverviewSchema = z.object({
  grant: SupportAccessSchema,
  /** The members who may be viewed as (system admins are left out), by e-mail. */
  members: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      name: z.string().nullable(),
      role: z.enum(['owner', 'admin', 'member']),
    }),
  ),
});
export type SupportAccessOverview = z.infer<typeof SupportAccessOverviewSchema>;
