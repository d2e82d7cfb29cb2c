import { createAuthClient } from 'better-auth/react';
import { ApiError, networkError } from '#web/lib/api.ts';
import { t } from '../messages.ts';

/**
 * Better Auth's client for /api/auth/* (same origin). The session record is not read from it:
 * GET /api/v1/me is the one source of claims (see ./me.ts).
 */
let client: ReturnType<typeof makeClient> | undefined;

function makeClient() {
  return createAuthClient({
    baseURL: window.location.origin,
    // /api/v1/me is refreshed by TanStack Query; no extra get-session calls on focus.
    sessionOptions: { refetchOnWindowFocus: false },
    fetchOptions: {
      credentials: 'same-origin',
      // Resolve the global fetch per call (tests replace it; so may polyfills).
      customFetchImpl: (input, init) => fetch(input, init),
    },
  });
}

export function authClient() {
  client ??= makeClient();
  return client;
}

interface BetterAuthResult<T> {
  data: T | null;
  error: { status: number; code?: string | undefined; message?: string | undefined } | null;
}

/**
 * Turns Better Auth's `{ data, error }` into a value or a thrown ApiError, the app's one error
 * type: its status, and Better Auth's code (e.g. INVALID_EMAIL_OR_PASSWORD, INVALID_TOKEN).
 */
export async function unwrap<T>(call: Promise<BetterAuthResult<T>>): Promise<T> {
  let result: BetterAuthResult<T>;
  try {
    result = await call;
  } catch {
    throw networkError();
  }
  if (result.error) {
    throw new ApiError(
      result.error.status,
      result.error.code ?? 'auth.failed',
      result.error.message ?? t('error.fallback'),
    );
  }
  return result.data as T;
}
