import { ApiError } from '#web/lib/api.ts';

const NETWORK = 'Could not reach the server. Check your connection and try again.';
const GENERIC = 'Something went wrong. Please try again.';

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
