import { ApiError, networkError } from '#web/lib/api.ts';
import { t } from '../messages.ts';

/**
 * A call to Better Auth's two-factor and passkey endpoints under /api/auth (docs/identity.md):
 * JSON in and out, and its refusals (`{ code, message }`, e.g. INVALID_PASSWORD, INVALID_CODE)
 * as the app's ApiError.
 */
export async function authFetch<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api/auth${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers:
        init.body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
    });
  } catch {
    throw networkError();
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // An empty or non-JSON answer.
  }
  if (!res.ok) {
    const body = (data ?? {}) as { code?: unknown; message?: unknown };
    throw new ApiError(
      res.status,
      typeof body.code === 'string' ? body.code : 'auth.failed',
      typeof body.message === 'string' && body.message ? body.message : t('error.generic'),
    );
  }
  return data as T;
}

/** A person-friendly sentence for Better Auth's refusals of a second-factor step. */
export function secondFactorErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return t('error.generic');
  switch (err.code) {
    case 'INVALID_PASSWORD':
      return t('error.password');
    case 'INVALID_CODE':
      return t('error.code');
    case 'INVALID_BACKUP_CODE':
      return t('error.backupCode');
    case 'TOO_MANY_SECOND_FACTOR_ATTEMPTS':
    case 'ACCOUNT_TEMPORARILY_LOCKED':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return err.message;
    default:
      return err.status === 429 ? t('error.rateLimited') : err.message;
  }
}
