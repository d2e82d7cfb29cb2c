import { z } from 'zod';
import { SecondFactorStepSchema } from './identity.schemas.ts';
import { storableText } from './text.schemas.ts';

/** Passwords: at least 8 characters (the security bar), at most 128 (bounded hashing cost). */
export const PASSWORD_LIMITS = { min: 8, max: 128 } as const;

export const EMAIL_MAX = 254;

/** An e-mail address as every form takes it: trimmed, checked, lower-cased. */
export const EmailAddressSchema = storableText({ error: 'Enter an e-mail address.' })
  .trim()
  .min(1, 'Enter an e-mail address.')
  .max(EMAIL_MAX, `Use at most ${EMAIL_MAX} characters.`)
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }))
  .transform((s) => s.toLowerCase());

/**
 * Sign-up finishes with a one-time code e-mailed to the new address: the sign-up itself
 * answers the same whether or not the address already has an account (no enumeration), and
 * the code proves the address before the first session.
 */
export const SIGNUP_CODE_LENGTH = 6;

/** POST /api/v1/signup/code — send a new code (the same answer for any address). */
export const SignUpCodeRequestSchema = z.object({ email: EmailAddressSchema });
export const SignUpCodeSentSchema = z.object({ status: z.literal('sent') });

/** POST /api/v1/signup/verify — the code from the e-mail; signs in on success. */
export const SignUpVerifySchema = z.object({
  email: EmailAddressSchema,
  code: storableText({ error: 'Enter the code from the e-mail.' })
    .trim()
    .regex(
      new RegExp(`^\\d{${SIGNUP_CODE_LENGTH}}$`),
      `Enter the ${SIGNUP_CODE_LENGTH}-digit code.`,
    ),
});
export type SignUpVerify = z.input<typeof SignUpVerifySchema>;
export const SignUpVerifiedSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed-in') }),
  // The address has a second factor (docs/identity.md): the code alone opens no session; the
  // answer sets the challenge cookie of Better Auth's two-factor step instead.
  SecondFactorStepSchema,
]);
export type SignUpVerified = z.infer<typeof SignUpVerifiedSchema>;

/** Error codes of identity (besides the common ones and Better Auth's own). */
export const AUTH_ERROR_CODES = {
  invalidCode: 'auth.invalid_code',
  /**
   * 403: a support session (a system admin viewing the account's app as one of its users) is
   * read-only: every change is refused with this code.
   */
  supportReadOnly: 'auth.support_read_only',
} as const;
