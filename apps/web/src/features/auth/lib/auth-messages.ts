import { ApiError } from '#web/lib/api.ts';

const NETWORK = 'Could not reach the server. Check your connection and try again.';
const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';

/** A failed account request's message (the sign-in pages' own are in src/guest/lib/messages.ts). */
export function genericErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NETWORK;
    if (err.status === 429) return RATE_LIMITED;
  }
  return 'Something went wrong. Please try again.';
}
