import { ApiError } from '#web/lib/api.ts';
import { t } from '../messages.ts';

/** A failed account request's message (the sign-in pages' own are in src/guest/lib/messages.ts). */
export function genericErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return t('error.network');
    if (err.status === 429) return t('error.rateLimited');
  }
  return t('error.generic');
}
