import type { ErrorBody, ErrorCode } from '@tenantry/shared';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The one error services throw (docs/architecture.md, "One error shape"). `message` is safe to show to
 * a person; `fields` maps an input path (e.g. `events.0.name`) to what is wrong with it.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** What the client needs to resolve it (ErrorBody `details`), e.g. the current item. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthenticated = () =>
  new AppError('common.unauthenticated', 401, 'Please sign in to continue.');
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError('common.forbidden', 403, message);
/** A shared user on a route that shared access does not include. */
export const sharedAccessRefused = () =>
  new AppError(
    'common.shared_access',
    403,
    'Shared access reaches only the client tenant shared with you; this is for members of an account.',
  );
export const notFound = (message = 'Not found.') => new AppError('common.not_found', 404, message);
/** A client tenant that is not in the caller's account, or not theirs to see: one answer. */
export const tenantNotFound = () =>
  new AppError('tenants.not_found', 404, 'Client tenant not found.');

export function errorBody(
  code: ErrorCode,
  message: string,
  requestId: string | undefined,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
): ErrorBody {
  return {
    error: {
      code,
      message,
      ...(fields ? { fields } : {}),
      ...(details ? { details } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
}

/** Field map of zod issues: path joined with dots → first message for that path. */
export function fieldsFromIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
