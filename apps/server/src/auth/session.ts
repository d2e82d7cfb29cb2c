import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/app-env.ts';
import { unauthenticated } from '../lib/errors.ts';
import { SESSION_COOKIE_CACHE_SECONDS, type Auth } from './auth.ts';
import { sessionCookieKey, VerifiedSessionCache } from './session-cache.ts';

export interface SessionState {
  userId: string;
  sessionId: string;
  email: string;
  emailVerified: boolean;
  expiresAt: Date;
  /** The client tenant of a shared sign-in (sessions.shared_tenant_id); null otherwise. */
  sharedTenantId: string | null;
}

const caches = new WeakMap<Auth, VerifiedSessionCache>();

/** The verified-session cache of one app instance (one per Better Auth instance). */
export function sessionCache(auth: Auth): VerifiedSessionCache {
  let cache = caches.get(auth);
  if (!cache) {
    cache = new VerifiedSessionCache({
      ttlMs: 10_000,
      revokedForMs: (SESSION_COOKIE_CACHE_SECONDS + 10) * 1000,
      maxEntries: 50_000,
    });
    caches.set(auth, cache);
  }
  return cache;
}

/**
 * Reads the session and puts it on the context: from the in-process verified-session cache
 * when this exact cookie was verified in the last seconds, else from Better Auth (usually its
 * signed cookie cache: no database round trip). Cookie refreshes Better Auth asks for are passed
 * on to the response.
 */
async function readSession(auth: Auth, c: Context<AppEnv>): Promise<SessionState | null> {
  if (c.get('session') !== undefined) return c.get('session');
  const cache = sessionCache(auth);
  const key = sessionCookieKey(c.req.header('cookie'));
  const cached = key ? cache.get(key) : undefined;
  if (cached) {
    c.set('session', cached);
    return cached;
  }
  let state: SessionState | null = null;
  if (key) {
    const { headers, response } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    const refreshed = headers.getSetCookie();
    for (const cookie of refreshed) c.header('set-cookie', cookie, { append: true });
    if (response && !cache.isRevoked(response.session.id)) {
      state = {
        userId: response.user.id,
        sessionId: response.session.id,
        email: response.user.email,
        emailVerified: response.user.emailVerified,
        expiresAt: new Date(response.session.expiresAt),
        sharedTenantId: response.session.sharedTenantId ?? null,
      };
      // A refreshed cookie means a new key next time; cache only a settled one.
      if (refreshed.length === 0) cache.set(key, state);
    }
  }
  c.set('session', state);
  return state;
}

/** Session when signed in, else null; never refuses. */
export function loadSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await readSession(auth, c);
    await next();
  };
}

/** 401 `common.unauthenticated` when signed out. */
export function requireSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await readSession(auth, c))) throw unauthenticated();
    await next();
  };
}

/** The signed-in user's session inside a route behind requireSession. */
export function getAuthContext(c: Context<AppEnv>): SessionState {
  const session = c.get('session');
  if (!session) throw unauthenticated();
  return session;
}
