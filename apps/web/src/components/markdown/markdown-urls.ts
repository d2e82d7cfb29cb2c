/**
 * Which links and images a rendered markdown text may carry (Markdown.tsx). Content is written
 * by people, so every URL is judged here: only http(s), mailto and same-origin paths survive,
 * and only same-origin stored images (`/api/v1/media/…`) are shown as images.
 */

/** Same-origin stored images: what `mediaUrl()` gives and the media library inserts. */
export const MEDIA_PATH_PREFIX = '/api/v1/media/';

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function currentOrigin(origin?: string): string {
  return origin ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
}

function parse(url: string, origin: string): URL | null {
  try {
    return new URL(url, origin);
  } catch {
    return null;
  }
}

/**
 * The URL as it may appear in the page, or '' when it may not: anything but http(s), mailto,
 * a path or a fragment (javascript:, data:, vbscript:, file:…) is dropped. Control characters
 * and spaces that browsers ignore inside a scheme ("java\tscript:") do not get through either.
 */
export function safeUrl(url: string, origin?: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return '';
  // A browser strips tabs and newlines anywhere in a URL before reading its scheme.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return '';
  const parsed = parse(trimmed, currentOrigin(origin));
  if (!parsed || !SAFE_PROTOCOLS.has(parsed.protocol)) return '';
  return trimmed;
}

export type LinkKind =
  /** Another site: opens in a new tab, without opener or referrer. */
  | 'external'
  /** A page of this app: followed by the router. */
  | 'internal'
  /** A same-origin URL the router does not serve (an API download, a stored image). */
  | 'same-origin-file'
  /** `#section` on this page. */
  | 'fragment'
  | 'mailto';

export function linkKind(href: string, origin?: string): LinkKind {
  if (href.startsWith('#')) return 'fragment';
  const here = currentOrigin(origin);
  const parsed = parse(href, here);
  if (!parsed) return 'external';
  if (parsed.protocol === 'mailto:') return 'mailto';
  if (parsed.origin !== here) return 'external';
  return parsed.pathname.startsWith('/api/') ? 'same-origin-file' : 'internal';
}

/** The router path of an internal link: path, query and fragment. */
export function internalPath(href: string, origin?: string): string {
  const parsed = parse(href, currentOrigin(origin));
  return parsed ? `${parsed.pathname}${parsed.search}${parsed.hash}` : href;
}

/** Whether `src` is a stored image of this app (same origin, under /api/v1/media/). */
export function isMediaImage(src: string, origin?: string): boolean {
  const here = currentOrigin(origin);
  const parsed = parse(src, here);
  return (
    parsed !== null &&
    parsed.origin === here &&
    parsed.pathname.startsWith(MEDIA_PATH_PREFIX) &&
    parsed.pathname.length > MEDIA_PATH_PREFIX.length
  );
}
