import {
  API,
  FROM_CACHE_HEADER,
  TOKEN_HEADER,
  WRITE_CODES,
  isLinkCode,
  readError,
  type LinkCode,
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
  | { kind: 'error'; status: number; message: string };

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
      return { kind: 'error', status: res.status, message: '' };
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
  return { kind: 'error', status: res.status, message: error?.message ?? '' };
}

export function loadSession(fetchFn: typeof fetch, token: string): Promise<SessionResult> {
  return call(fetchFn, token, API.session);
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
