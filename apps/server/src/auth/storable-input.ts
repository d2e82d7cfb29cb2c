/**
 * Better Auth's endpoints (/api/auth/*) take their input from outside as our routes do, but
 * validate it with their own schemas, which let through what PostgreSQL cannot store: a NUL
 * in a name was a 500 from update-user and a misleading 422 from sign-up, a lone surrogate was
 * stored as U+FFFD. This `hooks.before` refuses such input on every Better Auth endpoint with
 * Better Auth's own 400 shape, naming the field like its validation errors do.
 */
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@tenantry/shared';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/** Path (`body.name`) of the first string or key in `value` the database cannot store. */
function unstorablePath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = `${path}.${isStorableText(key) ? key : '?'}`;
    if (!isStorableText(key)) return at;
    const found = unstorablePath(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

export const refuseUnstorableInput = createAuthMiddleware(async (ctx) => {
  const path = unstorablePath(ctx.body, 'body') ?? unstorablePath(ctx.query, 'query');
  if (!path) return;
  const error = new APIError('BAD_REQUEST', {
    message: `[${path}] ${UNSTORABLE_TEXT_MESSAGE}`,
    code: 'VALIDATION_ERROR',
  });
  // Over HTTP, returned: Better Auth answers it as the endpoint's 400 (thrown from a hook it
  // would also be logged as a server error). A call through auth.api.* gets it thrown.
  if (ctx.request) return error;
  throw error;
});
