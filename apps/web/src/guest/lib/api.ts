import { API, type CurrentUser } from './contract.ts';

/**
 * One answer of the API, never thrown: 2xx with its body, or a refusal with the status and the
 * code (the API's `{ error: { code, message, fields } }`, or Better Auth's `{ code, message }`);
 * status 0 when the server could not be reached.
 */
export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; code: string; message: string; fields: Record<string, string> };

export async function request<T>(
  url: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch {
    return { ok: false, status: 0, code: 'common.network', message: '', fields: {} };
  }
  let body: unknown = null;
  try {
    body = res.status === 204 ? null : await res.json();
  } catch {
    // Not JSON (a proxy's error page).
  }
  if (res.ok) return { ok: true, data: body as T };
  const o = (body ?? {}) as Record<string, unknown>;
  const e = (typeof o.error === 'object' && o.error !== null ? o.error : o) as Record<
    string,
    unknown
  >;
  return {
    ok: false,
    status: res.status,
    code: typeof e.code === 'string' ? e.code : 'common.failed',
    message: typeof e.message === 'string' ? e.message : '',
    fields:
      typeof e.fields === 'object' && e.fields !== null ? (e.fields as Record<string, string>) : {},
  };
}

/** Who is signed in: the claims, null when signed out, `pending` until /api/v1/me answers. */
export type CurrentUserState = CurrentUser | null | 'pending';

/** GET /api/v1/me: the claims, or null when signed out (401, or 200 `null`) or unreachable. */
export async function fetchMe(): Promise<CurrentUser | null> {
  const res = await request<CurrentUser | null>(API.me);
  return res.ok ? res.data : null;
}
