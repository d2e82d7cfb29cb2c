import { DisplayNameSchema, NewPasswordSchema, PASSWORD_LIMITS } from '@tenantry/shared';
import { z } from 'zod';
import { ApiError } from '#web/lib/api.ts';
import { t } from '../messages.ts';
import { genericErrorMessage } from './auth-messages.ts';

/**
 * What the profile forms on admin/security check before asking the server: the display name
 * with the server's own schema, a new password with the server's limits, typed twice.
 */

export const DisplayNameFormSchema = z.object({ displayName: DisplayNameSchema });

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, { error: () => t('password.currentRequired') }),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    error: () => t('password.differ'),
  })
  .refine((v) => v.currentPassword.length === 0 || v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    error: () => t('password.same'),
  });

export const ChangeEmailFormSchema = z.object({
  newEmail: z
    .string()
    .trim()
    .min(1, { error: () => t('email.required') })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: () => t('email.invalid') }),
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
        return { field: 'currentPassword', message: t('password.wrong') };
      case 'PASSWORD_TOO_SHORT':
        return {
          field: 'newPassword',
          message: t('password.tooShort', { min: String(PASSWORD_LIMITS.min) }),
        };
      case 'PASSWORD_TOO_LONG':
        return {
          field: 'newPassword',
          message: t('password.tooLong', { max: String(PASSWORD_LIMITS.max) }),
        };
      case 'SESSION_NOT_FRESH':
      case 'SESSION_EXPIRED':
        return {
          field: null,
          message: t('password.notFresh'),
        };
      case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
        return {
          field: null,
          message: t('password.none'),
        };
    }
  }
  return { field: null, message: genericErrorMessage(err) };
}

/** A refused e-mail change (the same address, a malformed one, too many attempts…). */
export function changeEmailErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 400) {
    if (/same/i.test(err.message)) return t('email.same');
    if (err.code === 'VALIDATION_ERROR' || /email/i.test(err.message)) {
      return t('email.invalid');
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
    ? t('email.notice.verified', { email: current.email, newEmail })
    : t('email.notice.unverified', { email: current.email, newEmail });
}
