import type { Locale } from '@tenantry/shared/i18n/locales';
import {
  API,
  FROM_CACHE_HEADER,
  TOKEN_HEADER,
  WRITE_CODES,
  isLinkCode,
  readError,
  type LinkCode,
  type RespondentLocaleInput,
  type RespondentSession,
} from './contract.ts';

/** What loading (or submitting) the respondent's session came to. */
export type SessionResult =
  /** `offline`: the service worker answered with the session it kept (no network). */
  | { kind: 'ok'; session: RespondentSession; offline: boolean }
  | { kind: 'link'; code: LinkCode; message: string }
  /** 409 on submit: the assessment was completed, or the part already submitted. */
  | { kind: 'closed'; code: string; message: string }
  | { kind: 'network' }
  | { kind: 'error'; status: number; code: string | null; message: string };

async function call(
  fetchFn: typeof fetch,
  token: string,
  url: string,
  init: RequestInit = {},
): Promise<SessionResult> {
  let res: Response;
  try {
    res = await fetchFn(url, {
      ...init,
      headers: { ...init.headers, [TOKEN_HEADER]: token },
      cache: 'no-store',
    });
  } catch {
    return { kind: 'network' };
  }
  if (res.ok) {
    try {
      const session = (await res.json()) as RespondentSession;
      if (!session?.document || !Array.isArray(session.answers)) throw new Error('shape');
      return { kind: 'ok', session, offline: res.headers.get(FROM_CACHE_HEADER) === '1' };
    } catch {
      // Unreadable: no message of the server's, so the page says it in its language.
      return { kind: 'error', status: res.status, code: null, message: '' };
    }
  }
  const error = await readError(res);
  if (res.status === 401) {
    return {
      kind: 'link',
      code: isLinkCode(error?.code) ? error.code : 'respondent.link_invalid',
      message: error?.message ?? '',
    };
  }
  if (res.status === 409 && error) return { kind: 'closed', ...error };
  // A proxy's 502/503/504 while the phone has no real connection is "no network" too.
  if ((res.status === 502 || res.status === 503 || res.status === 504) && !error)
    return { kind: 'network' };
  return {
    kind: 'error',
    status: res.status,
    code: error?.code ?? null,
    message: error?.message ?? '',
  };
}

/**
 * GET /respond. `chosen`: the language the person chose with the switcher on this device, sent
 * as the request's Accept-Language: the server keeps it as their last known locale (their
 * e-mails' language) instead of the browser's.
 */
export function loadSession(
  fetchFn: typeof fetch,
  token: string,
  chosen: Locale | null = null,
): Promise<SessionResult> {
  return call(
    fetchFn,
    token,
    API.session,
    chosen ? { headers: { 'accept-language': chosen } } : {},
  );
}

/**
 * PUT /respond/locale: the language just chosen with the switcher, kept on the server as the
 * person's last known locale. Best effort: offline, the next GET /respond carries it.
 */
export async function recordLocale(fetchFn: typeof fetch, token: string, locale: Locale) {
  try {
    await fetchFn(API.locale, {
      method: 'PUT',
      headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify({ locale } satisfies RespondentLocaleInput),
      cache: 'no-store',
    });
  } catch {
    // Offline: said again with the next session read.
  }
}

/** "Submit my part": answers the session with `respondent.submittedAt` set. */
export function submitPart(fetchFn: typeof fetch, token: string): Promise<SessionResult> {
  return call(fetchFn, token, API.submit, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}

export const isLockedCode = (code: string) => code === WRITE_CODES.locked;
