import type { Context } from 'hono';
import type { AppEnv } from './context.ts';
import { sessionCookieKey, VerifiedSessionCache } from './session-cache.ts';
import type { SessionState } from './types.ts';

/** The verified-session cache of one app instance (created once by createApp). */
export function createSessionCache(): VerifiedSessionCache {
  return new VerifiedSessionCache({
    ttlMs: 10_000,
    revokedForMs: 20_000,
    maxEntries: 50_000,
  });
}

/**
 * Reads the session once per request and keeps it on the context: from the in-process
 * verified-session cache when this exact cookie was verified in the last seconds, else from
 * Better Auth (one session lookup). Cookie refreshes
 * Better Auth asks for are passed on to the response.
 */
export async function readSession(c: Context<AppEnv>): Promise<SessionState | null> {
  const known = c.get('session');
  if (known !== undefined) return known;
  const cache = c.var.deps.sessionCache;
  const key = sessionCookieKey(c.req.header('cookie'));
  const cached = key ? cache.get(key) : undefined;
  if (cached) {
    c.set('session', cached);
    return cached;
  }
  let state: SessionState | null = null;
  if (key) {
    const { headers, response } = await c.var.auth.api.getSession({
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
