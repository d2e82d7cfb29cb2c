import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../lib/app-env.ts';
import { unauthenticated } from '../lib/errors.ts';
import type { Auth } from './auth.ts';

export interface SessionState {
  userId: string;
  sessionId: string;
  email: string;
  emailVerified: boolean;
  expiresAt: Date;
}

/**
 * Reads the session (usually from the signed cookie cache: no database round trip) and puts it
 * on the context. Cookie refreshes Better Auth asks for are passed on to the response.
 */
async function readSession(auth: Auth, c: Context<AppEnv>): Promise<SessionState | null> {
  if (c.get('session') !== undefined) return c.get('session');
  let state: SessionState | null = null;
  if (c.req.header('cookie')) {
    const { headers, response } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    if (response) {
      state = {
        userId: response.user.id,
        sessionId: response.session.id,
        email: response.user.email,
        emailVerified: response.user.emailVerified,
        expiresAt: new Date(response.session.expiresAt),
      };
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
