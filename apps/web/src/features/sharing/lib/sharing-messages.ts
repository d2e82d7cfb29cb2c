import { SHARED_SIGNIN_CODE_LENGTH } from '@tenantry/shared';
import { z } from 'zod';
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

const CODE_RE = new RegExp(`^\\d{${SHARED_SIGNIN_CODE_LENGTH}}$`);
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The shared sign-in form's fields, worded for a person typing them (the server's schemas in
 * @tenantry/shared check the same again). A code may be typed with spaces: "123 456".
 */
const SharedEmailField = z
  .string()
  .trim()
  .min(1, 'Enter an e-mail address')
  .regex(EMAIL_RE, 'Enter a valid e-mail address');

const stripSpaces = (raw: string) => raw.replace(/\s+/g, '');

const SharedCodeField = z
  .string()
  .transform(stripSpaces)
  .pipe(
    z
      .string()
      .min(1, 'Enter the code from the e-mail')
      .regex(CODE_RE, `The code has ${SHARED_SIGNIN_CODE_LENGTH} digits`),
  );

/** Step one: the address the tenant was shared with. */
export const SharedCodeRequestFormSchema = z.object({ email: SharedEmailField });

/** Step two: the same address and the code from the e-mail. */
export const SharedVerifyFormSchema = z.object({ email: SharedEmailField, code: SharedCodeField });

const firstError = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? null : (result.error.issues[0]?.message ?? null);

/** The code as typed (spaces removed), or an error to show under the field. */
export function normaliseCode(raw: string): { code: string; error: string | null } {
  return { code: stripSpaces(raw), error: firstError(SharedCodeField.safeParse(raw)) };
}

/** A message for a missing or malformed address, else null (the server checks again). */
export function validateEmail(email: string): string | null {
  return firstError(SharedEmailField.safeParse(email));
}
