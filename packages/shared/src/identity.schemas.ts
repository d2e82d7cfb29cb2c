import { z } from 'zod';

/**
 * Second factors (docs/identity.md): an authenticator app (TOTP, with backup codes) and
 * passkeys, through Better Auth's two-factor and passkey plugins.
 */

/** How a session signed in (its first step). */
export const SIGN_IN_METHODS = [
  'password',
  'sign_up_code',
  'shared_code',
  'email_link',
  'passkey',
  'support',
  'sso',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The second factor a sign-in gave. */
export const SECOND_FACTOR_KINDS = ['totp', 'backup_code', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/** What a sign-in's second step may ask for (backup codes go with the authenticator app). */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/**
 * Days a member has to enrol once the account requires a second factor: counted from when the
 * owners turned the requirement on, or from joining, whichever is later.
 */
export const SECOND_FACTOR_GRACE_DAYS = 7;

/**
 * Attempts at an authenticator or backup code per user (whatever the address, on every server:
 * counted in PostgreSQL), on top of Better Auth's own lockout after 10 failures in a row.
 */
export const SECOND_FACTOR_ATTEMPT_LIMIT = { windowSeconds: 300, max: 5 } as const;

/** Digits of an authenticator-app code. */
export const TOTP_DIGITS = 6;

/** A passkey's name: at most this many characters. */
export const PASSKEY_NAME_MAX = 60;

/** The second-factor state of the current user, as claims carry it (GET /api/v1/me). */
export const SecondFactorClaimSchema = z.object({
  /** An authenticator app or at least one passkey. */
  enrolled: z.boolean(),
  /** The account acted for requires a second factor of its members. */
  required: z.boolean(),
  /** Until when this member may still go without one (ISO); null when not required. */
  enrolBy: z.string().nullable(),
});
export type SecondFactorClaim = z.infer<typeof SecondFactorClaimSchema>;

export const PasskeyInfoSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** `singleDevice` or `multiDevice` (synced). */
  deviceType: z.string(),
  backedUp: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof PasskeyInfoSchema>;

/** GET /api/v1/me/second-factors */
export const SecondFactorStatusSchema = z.object({
  totp: z.object({
    enabled: z.boolean(),
    /** Unused backup codes (null without an authenticator app). */
    backupCodesLeft: z.number().int().nullable(),
  }),
  passkeys: z.array(PasskeyInfoSchema),
  policy: SecondFactorClaimSchema,
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

/** GET/PUT /api/v1/account/second-factor-policy (owners). */
export const SecondFactorPolicySchema = z.object({
  required: z.boolean(),
  /** When the owners turned it on; null when off. */
  since: z.string().nullable(),
  graceDays: z.number().int(),
  /** Members of the account without a second factor today. */
  membersWithout: z.number().int(),
});
export type SecondFactorPolicy = z.infer<typeof SecondFactorPolicySchema>;

export const SecondFactorPolicyInputSchema = z.object({
  required: z.boolean({ error: 'Say whether a second factor is required.' }),
});
export type SecondFactorPolicyInput = z.infer<typeof SecondFactorPolicyInputSchema>;

/** POST …/second-factors/reset: what was removed. */
export const SecondFactorResetSchema = z.object({
  userId: z.string(),
  totpRemoved: z.boolean(),
  passkeysRemoved: z.number().int(),
  sessionsEnded: z.number().int(),
});
export type SecondFactorReset = z.infer<typeof SecondFactorResetSchema>;

/** A sign-in that needs its second step: the answer of the sign-up and shared-code routes. */
export const SecondFactorStepSchema = z.object({
  status: z.literal('second-factor'),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});

/** Error codes of identity's second factors. */
export const SECOND_FACTOR_ERROR_CODES = {
  /**
   * 403: the account requires a second factor and this member's time to enrol is over; only
   * their own profile, sessions and second factors are open until they enrol.
   */
  enrolmentRequired: 'auth.second_factor_enrolment_required',
  /** 403: a system admin without a second factor may not open the service console. */
  requiredForService: 'auth.second_factor_required_for_service',
  /** 409: an owner turning the requirement on must have a second factor first. */
  ownFactorFirst: 'auth.second_factor_own_first',
  /** 403: this reset is not for this actor (their own factors, or a system admin's). */
  resetRefused: 'auth.second_factor_reset_refused',
} as const;
