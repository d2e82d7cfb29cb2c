import { ApiError } from '#web/lib/api.ts';

const NETWORK = 'Could not reach the server. Check your connection and try again.';
const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';
const GENERIC = 'Something went wrong. Please try again.';

/** The one message of a failed shared sign-in step: never says whether a share exists. */
export function sharedSignInErrorMessage(err: unknown, step: 'code' | 'verify'): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK;
    if (err.status === 429) return RATE_LIMITED;
    if (step === 'verify' && err.status === 400) {
      return 'That code is not valid or has expired. Check the e-mail or ask for a new code.';
    }
  }
  return GENERIC;
}

/** A message for a failed share, change or revoke; field errors go next to their inputs. */
export function sharingErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK;
    if (err.code === 'sharing.already_shared') {
      return 'This tenant is already shared with that address. Change its role in the list instead.';
    }
    if (err.status === 403) return 'Your role cannot change sharing. Ask an owner or admin.';
    if (err.status === 404) return 'That share or client tenant no longer exists. Reload the page.';
    if (err.status >= 400 && err.status < 500 && err.message) return err.message;
  }
  return GENERIC;
}

/** Field errors of a 400 (`email`, `role`), else empty. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.status === 400 ? err.fields : {};
}

const CODE_RE = /^\d{6}$/;

/** The code as typed (spaces removed), or an error to show under the field. */
export function normaliseCode(raw: string): { code: string; error: string | null } {
  const code = raw.replace(/\s+/g, '');
  if (!code) return { code, error: 'Enter the code from the e-mail' };
  if (!CODE_RE.test(code)) return { code, error: 'The code has 6 digits' };
  return { code, error: null };
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A message for a missing or malformed address, else null (the server checks again). */
export function validateEmail(email: string): string | null {
  if (!email.trim()) return 'Enter an e-mail address';
  if (!EMAIL_RE.test(email.trim())) return 'Enter a valid e-mail address';
  return null;
}
