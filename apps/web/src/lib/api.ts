import { ErrorBodySchema } from '@tenantry/shared';
import type { z } from 'zod';
import { t } from './messages.ts';

/**
 * The one error of a failed request: an /api/v1 answer that was not 2xx (its code, message
 * and fields), a Better Auth refusal (its code, e.g. INVALID_EMAIL_OR_PASSWORD, see
 * features/auth/api/auth-client.ts), or status 0 when the server could not be reached.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly requestId?: string,
    /** What the API says the client needs to resolve it (e.g. `current` on a 409). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  /**
   * The API says the session is missing or has ended. A 401 from Better Auth for a wrong
   * password carries its own code and does not count.
   */
  get isUnauthenticated(): boolean {
    return this.status === 401 && this.code === 'common.unauthenticated';
  }
}

export interface ApiRequest<S extends z.ZodType | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates the response body; its inferred type is the result. */
  schema?: S;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

/** The error of a request that never got an answer (offline, DNS, the server down). */
export function networkError(): ApiError {
  return new ApiError(0, 'common.network', t('api.network'));
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON (a proxy error page, for instance).
  }
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields, requestId, details } = parsed.data.error;
    return new ApiError(res.status, code, message, fields ?? {}, requestId, details);
  }
  const code =
    res.status === 401
      ? 'common.unauthenticated'
      : res.status === 403
        ? 'common.forbidden'
        : res.status === 404
          ? 'common.not_found'
          : res.status === 429
            ? 'common.rate_limited'
            : res.status >= 500
              ? 'common.internal'
              : 'common.bad_request';
  return new ApiError(res.status, code, t('api.generic'));
}

/**
 * fetch for our JSON API: same-origin credentials, JSON in and out, one error type.
 * Network failures become ApiError(0, 'common.network').
 */
export async function apiFetch<S extends z.ZodType | undefined = undefined>(
  path: string,
  req: ApiRequest<S> = {},
): Promise<Result<S>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
  let body: string | undefined;
  if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: req.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'same-origin',
      signal: req.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw networkError();
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as Result<S>;
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(res.status, 'common.bad_response', t('api.generic'));
  }
  if (req.schema) {
    const parsed = req.schema.safeParse(data);
    if (!parsed.success) throw new ApiError(res.status, 'common.bad_response', t('api.generic'));
    return parsed.data as Result<S>;
  }
  return data as Result<S>;
}

/**
 * POSTs an image as multipart form data (the `file` field plus `fields`) and validates the
 * answer with `schema`. A refusal answers the API's error; a bare 413 (a proxy's) says the
 * image is too large. The one upload of the app (content media, support screenshots).
 */
export async function uploadImage<S extends z.ZodType>(
  url: string,
  file: { blob: Blob; name: string },
  schema: S,
  fields: Record<string, string> = {},
): Promise<z.infer<S>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file.blob, file.name);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw networkError();
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const parsed = ErrorBodySchema.safeParse(body);
    if (parsed.success) {
      const { code, message, fields: bad, requestId } = parsed.data.error;
      throw new ApiError(res.status, code, message, bad ?? {}, requestId);
    }
    throw new ApiError(
      res.status,
      res.status === 413 ? 'media.too_large' : 'common.bad_request',
      res.status === 413 ? t('api.image.tooLarge') : t('api.image.failed'),
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(res.status, 'common.bad_response', t('api.generic'));
  }
  return parsed.data as z.infer<S>;
}
