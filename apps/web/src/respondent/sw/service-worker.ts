/**
 * The respondent page's service worker, served as /in-progress-sw.js and registered with the
 * scope /in-progress/ (main.tsx): it controls the respondent page only, never the main app.
 *
 * Hand-written rather than Workbox (vite-plugin-pwa): the page needs three small rules, the
 * plugin would precache the whole build unless told otherwise and brings workbox-build's
 * dependency tree, and Workbox's NetworkFirst keys its cache by URL only, while the session
 * answer belongs to one link (its token header). The build (build/respondent-service-worker.ts,
 * `respondentServiceWorkerPlugin`) strips the types, and puts the files the page loads in
 * `__SW_PRECACHE__` and their hash in `__SW_VERSION__`, so every build installs a new worker.
 *
 * - The page (a navigation under /in-progress/): network first, so a new build or a fixed
 *   page arrives at once; offline (or after NAVIGATION_TIMEOUT_MS without an answer), the copy of
 *   in-progress.html kept at install.
 * - Hashed files (/assets/*, the icon): cache first; precached at install.
 * - `GET /api/v1/respond` (the session): network first; a 200 is kept per link (a SHA-256 of the
 *   token), and offline the kept one answers, marked `x-tenantry-from-cache: 1` so the page
 *   says it is offline. A 401 (the link no longer works) deletes the kept copy.
 * - Everything else (writes, submit) goes to the network untouched: the page's queue keeps
 *   what could not be sent.
 *
 * No imports or exports: the file is the script as it is served.
 */

declare const __SW_PRECACHE__: string[];
declare const __SW_VERSION__: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

const sw = self as unknown as WorkerScope;
const SHELL_CACHE = `tenantry-respondent-shell-${__SW_VERSION__}`;
/** Not versioned: a new build must still find the last session when it is opened offline. */
const SESSION_CACHE = 'tenantry-respondent-session';
const SHELL_KEY = '/in-progress.html';
const SESSION_PATH = '/api/v1/respond';
const TOKEN_HEADER = 'x-respondent-token';
const FROM_CACHE_HEADER = 'x-tenantry-from-cache';
const NAVIGATION_TIMEOUT_MS = 4000;
const SESSION_TIMEOUT_MS = 8000;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(__SW_PRECACHE__.map((url) => new Request(url, { cache: 'reload' })));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('tenantry-respondent-shell-') && name !== SHELL_CACHE)
          await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/in-progress/')) {
    event.respondWith(page(request));
  } else if (url.pathname === SESSION_PATH) {
    event.respondWith(session(request));
  } else if (url.pathname.startsWith('/assets/') || __SW_PRECACHE__.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

/** fetch() that gives up after `ms` (the network may hang rather than fail on a weak signal). */
function fetchWithin(request: Request, ms: number): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  return fetch(request, { signal: abort.signal }).finally(() => clearTimeout(timer));
}

async function page(request: Request): Promise<Response> {
  try {
    const res = await fetchWithin(request, NAVIGATION_TIMEOUT_MS);
    if (res.ok && (res.headers.get('content-type') ?? '').includes('text/html')) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(SHELL_KEY, res.clone());
    }
    return res;
  } catch (err) {
    const cached = await caches.match(SHELL_KEY, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw err;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, res.clone());
  }
  return res;
}

/** The cache key for one link's session: the token itself is not written down again. */
async function sessionKey(request: Request): Promise<string | null> {
  const token = request.headers.get(TOKEN_HEADER);
  if (!token) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${SESSION_PATH}?link=${hex}`;
}

async function session(request: Request): Promise<Response> {
  const key = await sessionKey(request);
  const cache = await caches.open(SESSION_CACHE);
  try {
    const res = await fetchWithin(request, SESSION_TIMEOUT_MS);
    if (key && res.status === 200) await cache.put(key, res.clone());
    else if (key && res.status === 401) await cache.delete(key);
    return res;
  } catch (err) {
    const cached = key ? await cache.match(key) : undefined;
    if (!cached) throw err;
    const headers = new Headers(cached.headers);
    headers.set(FROM_CACHE_HEADER, '1');
    return new Response(cached.body, { status: 200, headers });
  }
}

export {};
