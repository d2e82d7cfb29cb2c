/**
 * The link a respondent opened: `/in-progress/{tid}/{ttid}?token=…`. The token is taken out of
 * the address bar at once (it would otherwise stay in the history, in screenshots and in a
 * shared URL) and kept for the tab in sessionStorage under `{tid}/{ttid}`; the page also keeps
 * it in IndexedDB (storage.ts) so that a reload while offline, or a new tab, still works.
 */

export interface OpenedLink {
  /** `{tid}/{ttid}`: the key everything kept on the device is filed under; null off a link. */
  link: string | null;
  /** The token from the address bar or this tab's sessionStorage; null when neither has one. */
  token: string | null;
  /** The token was in the address bar (a link just opened): keep it on the device too. */
  fromUrl: boolean;
}

const PATH = /^\/in-progress\/([^/]+)\/([^/]+)\/?$/;

export const sessionTokenKey = (link: string) => `tenantry.respondent.token:${link}`;

interface LinkWindow {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'replaceState' | 'state'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
}

/** `{tid}/{ttid}` of a respondent page's path, or null. */
export function linkOf(pathname: string): string | null {
  const m = PATH.exec(pathname);
  if (!m) return null;
  try {
    return `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`;
  } catch {
    return null;
  }
}

/**
 * Reads the token (address bar first, then this tab's sessionStorage), stores it for the tab
 * and removes it from the address bar, keeping the path, other parameters and the fragment.
 */
export function takeToken(win: LinkWindow): OpenedLink {
  const { pathname, search, hash } = win.location;
  const link = linkOf(pathname);
  const params = new URLSearchParams(search);
  const fromUrl = params.get('token')?.trim() || null;
  if (params.has('token')) {
    params.delete('token');
    const rest = params.toString();
    win.history.replaceState(win.history.state, '', `${pathname}${rest ? `?${rest}` : ''}${hash}`);
  }
  if (!link) return { link: null, token: fromUrl, fromUrl: fromUrl !== null };
  const key = sessionTokenKey(link);
  if (fromUrl) {
    tryStorage(() => win.sessionStorage.setItem(key, fromUrl));
    return { link, token: fromUrl, fromUrl: true };
  }
  return { link, token: tryStorage(() => win.sessionStorage.getItem(key)) ?? null, fromUrl: false };
}

/** Storage blocked by the browser's settings (or full) is storage that keeps nothing. */
function tryStorage<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

const REMINDERS_PATH = /^\/in-progress\/([^/]+)\/([^/]+)\/reminders\/?$/;

/**
 * The e-mails' "Stop reminders" page (`/in-progress/{tid}/{ttid}/reminders?token=…`), or null
 * on any other path. Its link to the questions is the respondent page of the same link, the
 * token handed over in this tab's sessionStorage (as takeToken keeps it), so it is not written
 * into the page; only when storage is blocked does the address carry it.
 */
export function remindersPage(
  win: Pick<LinkWindow, 'location' | 'sessionStorage'>,
  token: string | null,
): { answerLink: string } | null {
  const m = REMINDERS_PATH.exec(win.location.pathname);
  if (!m) return null;
  const path = `/in-progress/${m[1]}/${m[2]}`;
  const link = linkOf(path);
  if (!token || !link) return { answerLink: path };
  const kept = tryStorage(() => {
    win.sessionStorage.setItem(sessionTokenKey(link), token);
    return true;
  });
  return { answerLink: kept ? path : `${path}?token=${encodeURIComponent(token)}` };
}
