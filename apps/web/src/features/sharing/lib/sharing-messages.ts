import { ApiError } from '#web/lib/api.ts';
import { t } from '../messages.ts';

/** A message for a failed share, change or revoke; field errors go next to their inputs. */
export function sharingErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return t('error.network');
    if (err.code === 'sharing.already_shared') {
      return t('error.alreadyShared');
    }
    if (err.status === 403) return t('error.forbidden');
    if (err.status === 404) return t('error.notFound');
    if (err.status >= 400 && err.status < 500 && err.message) return err.message;
  }
  return t('error.generic');
}

/** Field errors of a 400 (`email`, `role`), else empty. */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError && err.status === 400 ? err.fields : {};
}
