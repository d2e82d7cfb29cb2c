import { z } from 'zod';
import { storableText } from './text.schemas.ts';

/** The system roles a system admin grants and revokes on the users tab. */
export const SYSTEM_ROLES = ['admin', 'developer'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const SERVICE_USER_LIMITS = {
  /** Rows per page of the user list. */
  pageSize: 100,
  /** Sign-in events a user page shows (newest first). */
  signIns: 50,
  /** A reason given when disabling a user. */
  reason: 500,
} as const;

export const SERVICE_USER_ERROR_CODES = {
  /** 409: a system admin may not disable, or change the system roles of, themselves. */
  self: 'service_users.self',
  /** 409: the change would leave no enabled system admin. */
  lastAdmin: 'service_users.last_admin',
  /** 409: the address is already verified (no verification e-mail is sent). */
  alreadyVerified: 'service_users.already_verified',
  /** 409: the user is already disabled / already enabled / already has (or lacks) the role. */
  unchanged: 'service_users.unchanged',
  /** 404: no such session of this user (ended already). */
  sessionNotFound: 'service_users.session_not_found',
} as const;

const flag = z.enum(['true', 'false']).optional();

/** GET /api/v1/service/users */
export const ServiceUserListQuerySchema = z.object({
  /** An e-mail address or a name (either one's start, case-insensitive), or a user id. */
  q: storableText().trim().max(200).optional(),
  role: z.enum(SYSTEM_ROLES).optional(),
  disabled: flag,
  verified: flag,
  cursor: storableText().min(1).max(500).optional(),
  limit: z.coerce.number().int().min(1).max(SERVICE_USER_LIMITS.pageSize).default(50),
});
export type ServiceUserListQuery = z.input<typeof ServiceUserListQuerySchema>;

export const ServiceUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  systemAdmin: z.boolean(),
  systemDeveloper: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type ServiceUserRow = z.infer<typeof ServiceUserRowSchema>;

export const ServiceUserListSchema = z.object({
  items: z.array(ServiceUserRowSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type ServiceUserList = z.infer<typeof ServiceUserListSchema>;

export const ServiceUserMembershipSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  role: z.string(),
  joinedAt: z.string(),
  accountSuspended: z.boolean(),
});

export const ServiceUserShareSchema = z.object({
  grantId: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  role: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

export const ServiceUserSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** A shared sign-in's client tenant; null for a member's session. */
  sharedTenantId: z.string().nullable(),
  /** A support session: the system admin who opened it. */
  impersonatedBy: z.string().nullable(),
  impersonatedByEmail: z.string().nullable(),
});
export type ServiceUserSession = z.infer<typeof ServiceUserSessionSchema>;

/** One security event about the user: a sign-in, or a refused one. */
export const ServiceUserSignInSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  succeeded: z.boolean(),
  /** How (`password`, `email_link`, `sign_up_code`, `shared_code`, `passkey`). */
  method: z.string().nullable(),
  /** The second factor given (`totp`, `backup_code`, `passkey`); null when none. */
  secondFactor: z.string().nullable(),
  /** Why a sign-in was refused (`invalid_credentials`, `user_disabled`…); null on success. */
  reason: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ServiceUserSignIn = z.infer<typeof ServiceUserSignInSchema>;

/** GET /api/v1/service/users/{userId} */
export const ServiceUserDetailSchema = ServiceUserRowSchema.extend({
  updatedAt: z.string(),
  disabledReason: z.string().nullable(),
  /**
   * Second factors (docs/identity.md): `available` says the product offers them (Better Auth's
   * two-factor and passkey plugins); `enrolled` that the user has one: an authenticator app
   * (`totp`) or passkeys (`passkeys`, how many).
   */
  secondFactor: z.object({
    available: z.boolean(),
    enrolled: z.boolean(),
    totp: z.boolean(),
    passkeys: z.number().int(),
  }),
  memberships: z.array(ServiceUserMembershipSchema),
  shares: z.array(ServiceUserShareSchema),
  sessions: z.array(ServiceUserSessionSchema),
  /** The latest SERVICE_USER_LIMITS.signIns sign-ins and failures, newest first. */
  signIns: z.array(ServiceUserSignInSchema),
});
export type ServiceUserDetail = z.infer<typeof ServiceUserDetailSchema>;

/** POST /api/v1/service/users/{userId}/disable */
export const DisableUserInputSchema = z.object({
  reason: storableText().trim().min(1).max(SERVICE_USER_LIMITS.reason),
});
export type DisableUserInput = z.infer<typeof DisableUserInputSchema>;

/** The answer of an action that sends an e-mail or ends sessions. */
export const ServiceUserActionResultSchema = z.object({
  /** Sessions ended (0 when the action ends none). */
  sessionsEnded: z.number().int(),
});
export type ServiceUserActionResult = z.infer<typeof ServiceUserActionResultSchema>;
