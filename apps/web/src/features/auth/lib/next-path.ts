import type { Location } from 'react-router';

/**
 * Router state passed to /signin: where to send the visitor back afterwards, and a notice
 * to show above the form (e.g. after signing up or resetting a password).
 */
export interface SignInState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  notice?: string;
  /** The visitor's session ended without them signing out (another device, expiry). */
  ended?: boolean;
}

/**
 * A `next` (return-to) value made safe: only a same-origin relative path ("/x…") is kept;
 * anything else — absolute URLs, protocol-relative "//host", backslash tricks, control
 * characters — gives null, so no link can send a person to another site after signing in.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  try {
    const base = 'http://same-origin.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The safe `next` of a query string (e.g. location.search). */
export function nextFromSearch(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get('next'));
}
