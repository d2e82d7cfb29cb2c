import { ApiError } from '#web/lib/api.ts';

export const SIGN_IN_FAILED = 'Invalid e-mail or password';
export const RESET_LINK_SENT = 'If an account exists for that address, we sent a link';

const NETWORK = 'Could not reach the server. Check your connection and try again.';
const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';

/**
 * One generic sign-in message: never reveals whether an account exists (OWASP ASVS 6.3.8,
 * no account enumeration).
 */
export function signInErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK;
    if (err.status === 429) return RATE_LIMITED;
    if (err.code === 'EMAIL_NOT_VERIFIED') {
      return 'Please confirm your e-mail address first: enter the code we sent you.';
    }
  }
  return SIGN_IN_FAILED;
}

export function signUpErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK;
    if (err.status === 429) return RATE_LIMITED;
  }
  return 'We could not create the account. If you already have one, sign in or reset your password.';
}

export function genericErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK;
    if (err.status === 429) return RATE_LIMITED;
  }
  return 'Something went wrong. Please try again.';
}
