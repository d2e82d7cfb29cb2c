import type { AccountRole } from '@tenantry/shared';
import { t } from '../messages.ts';
import type { ApiResult } from './api.ts';
import { PASSWORD, SHARED_CODE_DIGITS, SSO_REQUIRED } from './contract.ts';

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

/** The password field's hint on the forms that choose one. */
export const newPasswordHint = () => t('check.newPasswordHint', { min: PASSWORD.min });

/** The account roles' names (features/members/lib/member-rules.ts says the same). */
export const roleLabel = (role: AccountRole): string =>
  ({ owner: t('role.owner'), admin: t('role.admin'), member: t('role.member') })[role];

export function transport(err: Refusal): string | null {
  if (err.status === 0) return t('error.network');
  if (err.status === 429) return t('error.rateLimited');
  // The address's domain requires single sign-on (it says which; never whether an account exists).
  if (err.code === SSO_REQUIRED) return err.message || t('error.ssoRequired');
  return null;
}

/** Whether a refusal says to sign in with single sign-on instead. */
export const isSsoRequired = (res: ApiResult<unknown> | null): boolean =>
  res !== null && !res.ok && res.code === SSO_REQUIRED;

/**
 * One generic sign-in message: never reveals whether an account exists (OWASP ASVS 6.3.8,
 * no account enumeration).
 */
export function signInErrorMessage(err: Refusal): string {
  if (err.code === 'EMAIL_NOT_VERIFIED') return t('error.emailNotVerified');
  return transport(err) ?? t('error.signInFailed');
}

export function signUpErrorMessage(err: Refusal): string {
  return transport(err) ?? t('error.signUpFailed');
}

export function genericErrorMessage(err: Refusal): string {
  return transport(err) ?? t('error.generic');
}

/** The one message of a failed shared sign-in step: never says whether a share exists. */
export function sharedSignInErrorMessage(err: Refusal, step: 'code' | 'verify'): string {
  if (step === 'verify' && err.status === 400) return t('error.sharedCodeInvalid');
  return genericErrorMessage(err);
}

/** A refused second step of a sign-in (a code, a backup code, a passkey). */
export function secondFactorErrorMessage(err: Refusal): string {
  switch (err.code) {
    case 'INVALID_CODE':
      return t('second.invalidCode');
    case 'INVALID_BACKUP_CODE':
      return t('second.invalidBackup');
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return t('second.expired');
    case 'TOO_MANY_SECOND_FACTOR_ATTEMPTS':
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return err.message || t('second.tooMany');
    case 'passkey.cancelled':
      return t('second.passkeyCancelled');
    case 'PASSKEY_NOT_FOUND':
      return t('second.passkeyUnknown');
    default:
      return genericErrorMessage(err);
  }
}

/** Better Auth's codes for a password it refuses: shown under the password field. */
export const PASSWORD_CODES = new Set([
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'INVALID_PASSWORD',
]);

// What the forms check before asking the server (which checks again).

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(value: string, empty = t('check.emailEmpty')): string | null {
  const v = value.trim();
  if (!v) return empty;
  return EMAIL_RE.test(v) ? null : t('check.emailInvalid');
}

export function checkNewPassword(value: string): string | null {
  if (value.length < PASSWORD.min) return t('check.passwordShort', { min: PASSWORD.min });
  if (value.length > PASSWORD.max) return t('check.passwordLong', { max: PASSWORD.max });
  return null;
}

/** A code as typed ("123 456" is fine), or an error to show under the field. */
export function checkCode(
  raw: string,
  digits: number,
  empty: string,
): { code: string; error: string | null } {
  const code = raw.replace(/\s+/g, '');
  if (!code) return { code, error: empty };
  if (!new RegExp(`^\\d{${digits}}$`).test(code))
    return { code, error: t('check.codeDigits', { digits }) };
  return { code, error: null };
}

export const sharedCodeHint = () => t('check.sharedCodeHint', { digits: SHARED_CODE_DIGITS });
