import { DisplayNameSchema, NewPasswordSchema, PASSWORD_LIMITS } from '@tenantry/shared';
import { z } from 'zod';
import { ApiError } from '#web/lib/api.ts';
import { genericErrorMessage } from './auth-messages.ts';

/**
 * What the profile forms on admin/security check before asking the server: the display name
 * with the server's own schema, a new password with the server's limits, typed twice.
 */

export const DisplayNameFormSchema = z.object({ displayName: DisplayNameSchema });

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password.'),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords differ.',
  })
  .refine((v) => v.currentPassword.length === 0 || v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from your current one.',
  });

export const ChangeEmailFormSchema = z.object({
  newEmail: z
    .string()
    .trim()
    .min(1, 'Enter the new e-mail address.')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address.'),
});

export type PasswordField = 'currentPassword' | 'newPassword';

/** Where a refused password change is shown: beside a field, or above the form. */
export function changePasswordError(err: unknown): {
  field: PasswordField | null;
  message: string;
} {
  if (err instanceof ApiError) {
    switch (err.code) {
      case 'INVALID_PASSWORD':
        return { field: 'currentPassword', message: 'That is not your current password.' };
      case 'PASSWORD_TOO_SHORT':
        return { field: 'newPassword', message: `Use at least ${PASSWORD_LIMITS.min} characters.` };
      case 'PASSWORD_TOO_LONG':
        return { field: 'newPassword', message: `Use at most ${PASSWORD_LIMITS.max} characters.` };
      case 'SESSION_NOT_FRESH':
      case 'SESSION_EXPIRED':
        return {
          field: null,
          message: 'For your safety, sign out and sign in again, then change your password.',
        };
      case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
        return {
          field: null,
          message:
            'You have no password yet. Sign out and use “Forgot password?” on the sign-in page to set one.',
        };
    }
  }
  return { field: null, message: genericErrorMessage(err) };
}

/** A refused e-mail change (the same address, a malformed one, too many attempts…). */
export function changeEmailErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 400) {
    if (/same/i.test(err.message)) return 'That is already your e-mail address.';
    if (err.code === 'VALIDATION_ERROR' || /email/i.test(err.message)) {
      return 'Enter a valid e-mail address.';
    }
  }
  return genericErrorMessage(err);
}

/**
 * What happens next after an e-mail change was asked for: a verified address confirms the
 * change first (the link goes to it); otherwise the link goes to the new address.
 */
export function changeEmailNotice(
  current: { email: string; emailVerified: boolean },
  newEmail: string,
) {
  return current.emailVerified
    ? `Check your inbox at ${current.email} to confirm the change. Then we send a link to ${newEmail} to verify it; until it is verified you keep signing in with ${current.email}.`
    : `Check your inbox at ${newEmail} to confirm the new address. Until it is confirmed you keep signing in with ${current.email}.`;
}
