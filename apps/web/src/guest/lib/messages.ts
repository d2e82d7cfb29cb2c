import type { ApiResult } from './api.ts';
import { PASSWORD, SHARED_CODE_DIGITS, SSO_REQUIRED } from './contract.ts';

type Refusal = Extract<ApiResult<unknown>, { ok: false }>;

export const SIGN_IN_FAILED = 'Invalid e-mail or password';
export const RESET_LINK_SENT = 'If an account exists for that address, we sent a link';
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Request a new one.';
export const NEW_PASSWORD_HINT = `At least ${PASSWORD.min} characters`;

const NETWORK = 'Could not reach the server. Check your connection and try again.';
const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';
export const GENERIC = 'Something went wrong. Please try again.';

const SSO_REQUIRED_MESSAGE =
  'Your organisation signs in with single sign-on: choose “Use single sign-on (SSO)”.';

export function transport(err: Refusal): string | null {
  if (err.status === 0) return NETWORK;
  if (err.status === 429) return RATE_LIMITED;
  // The address's domain requires single sign-on (it says which; never whether an account exists).
  if (err.code === SSO_REQUIRED) return err.message || SSO_REQUIRED_MESSAGE;
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
  if (err.code === 'EMAIL_NOT_VERIFIED')
    return 'Please confirm your e-mail address first: enter the code we sent you.';
  return transport(err) ?? SIGN_IN_FAILED;
}

export function signUpErrorMessage(err: Refusal): string {
  return (
    transport(err) ??
    'We could not create the account. If you already have one, sign in or reset your password.'
  );
}

export function genericErrorMessage(err: Refusal): string {
  return transport(err) ?? GENERIC;
}

/** The one message of a failed shared sign-in step: never says whether a share exists. */
export function sharedSignInErrorMessage(err: Refusal, step: 'code' | 'verify'): string {
  if (step === 'verify' && err.status === 400)
    return 'That code is not valid or has expired. Check the e-mail or ask for a new code.';
  return genericErrorMessage(err);
}

/** A refused second step of a sign-in (a code, a backup code, a passkey). */
export function secondFactorErrorMessage(err: Refusal): string {
  switch (err.code) {
    case 'INVALID_CODE':
      return 'That code is not right. Enter the current code from your authenticator app.';
    case 'INVALID_BACKUP_CODE':
      return 'That backup code is not right, or was used already.';
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return 'This sign-in has expired. Start again with your password or code.';
    case 'TOO_MANY_SECOND_FACTOR_ATTEMPTS':
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return err.message || 'Too many attempts. Wait a few minutes and try again.';
    case 'passkey.cancelled':
      return 'The passkey was not used: the prompt was closed or timed out.';
    case 'PASSKEY_NOT_FOUND':
      return 'This passkey is not known to Tenantry. Use another one, or your code.';
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

export function checkEmail(value: string, empty = 'Enter your e-mail address'): string | null {
  const v = value.trim();
  if (!v) return empty;
  return EMAIL_RE.test(v) ? null : 'Enter a valid e-mail address';
}

export function checkNewPassword(value: string): string | null {
  if (value.length < PASSWORD.min) return `Use at least ${PASSWORD.min} characters`;
  if (value.length > PASSWORD.max) return `Use at most ${PASSWORD.max} characters`;
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
    return { code, error: `The code has ${digits} digits` };
  return { code, error: null };
}

export const SHARED_CODE_HINT = `${SHARED_CODE_DIGITS} digits`;
