import { matchGuestRoute } from '@tenantry/shared/routes';
import { useSyncExternalStore, type MouseEvent } from 'react';
import type { SignInState } from '#web/features/auth/lib/next-path.ts';

/**
 * Moving between pages. A guest page (`entry: 'guest'` in the shared route table) is shown here
 * at once (history.pushState); any other page belongs to the main app, which the browser loads.
 * History entries keep the main app's router shape, `{ usr: state }`, so a state handed over by
 * the main app (where a visitor sent to sign in was headed: `from`, `ended`) is read here and one
 * written here would be read there.
 */

export interface Place {
  pathname: string;
  search: string;
  hash: string;
  state: SignInState | null;
}

const listeners = new Set<() => void>();
let current: Place | null = null;

function read(): Place {
  const { pathname, search, hash } = window.location;
  const raw: unknown = window.history.state;
  const usr =
    typeof raw === 'object' && raw !== null && 'usr' in raw
      ? ((raw as { usr: unknown }).usr as SignInState | null)
      : null;
  if (
    current?.pathname === pathname &&
    current.search === search &&
    current.hash === hash &&
    current.state === usr
  )
    return current;
  current = { pathname, search, hash, state: usr ?? null };
  return current;
}

function notify() {
  for (const fn of listeners) fn();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(fn);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/** The address shown, as the guest pages read it. */
export function usePlace(): Place {
  return useSyncExternalStore(subscribe, read);
}

export function isGuestPath(to: string): boolean {
  return matchGuestRoute(new URL(to, window.location.href).pathname) !== null;
}

/**
 * Goes to `to` (a same-origin path): here when it is a guest page, else loads the main app.
 * `signedIn`: the visitor has just signed in, so the page is loaded afresh even when it is a
 * guest page (an invitation asks who is signed in again).
 */
export function navigate(
  to: string,
  options: { replace?: boolean; state?: SignInState | null; signedIn?: boolean } = {},
): void {
  if (options.signedIn || !isGuestPath(to)) {
    if (options.replace) window.location.replace(to);
    else window.location.assign(to);
    return;
  }
  const entry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
  if (options.replace) window.history.replaceState(entry, '', to);
  else window.history.pushState(entry, '', to);
  window.scrollTo(0, 0);
  notify();
}

/** An `<a href>`'s click: a guest page opens here; modified clicks and other pages as usual. */
export function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  const href = event.currentTarget.getAttribute('href');
  if (
    !href ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    event.currentTarget.target === '_blank' ||
    !isGuestPath(href)
  )
    return;
  event.preventDefault();
  navigate(href);
}
