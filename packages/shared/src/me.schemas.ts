import { z } from 'zod';
import { SecondFactorClaimSchema } from './identity.schemas.ts';
import { USER_ROLES } from './roles.ts';

/**
 * The current user, exactly the fields of the specification (docs/product.md, "The current user"). Computed on the server from the
 * database on every request; the client never decides a claim.
 */
export const CurrentUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** Own account (tenant) id; null for a shared user. */
  tid: z.string().nullable(),
  /** Partner tenant: the account that shared a client tenant with this user. */
  ptid: z.string().nullable(),
  /** Target tenant: the client tenant in view (shared users: the shared one). */
  ttid: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** True when ptid is present. */
  isSharedUser: z.boolean(),
  isSystemDev: z.boolean(),
  /** ISO time of account creation, otherwise the current time. */
  createdAt: z.string(),
  /** Not a seed claim: whether the e-mail address has been verified (for the UI banner). */
  emailVerified: z.boolean(),
  /**
   * Not a seed claim: the account acted for (`tid`, or `ptid` for a shared user) is suspended
   * by the service team: everyone may read, nobody may write (`account.suspended`), and the
   * app says why. Null when it is not.
   */
  accountSuspension: z.object({ since: z.string(), reason: z.string() }).nullable().optional(),
  /**
   * Not a seed claim: this is a support session, a system admin viewing the account's app as
   * this user (docs/service-console.md, "Support access"): the app shows a banner on every
   * page. Null for the user's own session.
   */
  supportSession: z
    .object({ staffEmail: z.string(), endsAt: z.string(), readOnly: z.boolean() })
    .nullable()
    .optional(),
  /**
   * Not a seed claim: whether the user has a second factor, and whether (and by when) the
   * account acted for requires one (docs/identity.md). The app sends a member past that date
   * to admin/security to enrol.
   */
  secondFactor: SecondFactorClaimSchema.optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
