import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { queryRows } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { errorBody } from '../lib/errors.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
import type { AppDeps, AppEnv } from './context.ts';
import { sessionCookieKey } from './session-cache.ts';

/**
 * The headers for a call to `auth.api.*` on behalf of this request (the sign-up code, the
 * shared sign-in code): the request's own, without its cookie (a new session is made
 * regardless) and with the client address the app trusts in CLIENT_IP_HEADER (any copy the
 * client sent is dropped), which Better Auth stores on the session and the security events
 * record.
 */
export function authApiHeaders(c: Context<AppEnv>): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.delete('cookie');
  headers.delete(CLIENT_IP_HEADER);
  const ip = c.var.deps.clientIp(c);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return headers;
}

/**
 * Mounts Better Auth under /api/auth. The client address for rate limiting comes from the
 * socket (set by the caller's resolver), never from a client-sent header.
 */
export function createAuthHandler(auth: Auth, deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = deps.clientIp(c);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);

    const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers };
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      init.body = await c.req.raw.arrayBuffer();
    }
    if (c.req.method === 'POST' && c.req.path === '/api/auth/change-password') {
      // A new password always ends the other sessions, whatever the client asked for.
      const body = await readJson(new Response(init.body as ArrayBuffer));
      if (body) init.body = JSON.stringify({ ...body, revokeOtherSessions: true });
    }
    const isSignOut = c.req.method === 'POST' && c.req.path === '/api/auth/sign-out';
    const isStopSupport = c.req.method === 'POST' && c.req.path === STOP_SUPPORT_PATH;
    const current =
      c.req.method === 'POST' && c.req.header('cookie')
        ? await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null)
        : null;
    const signingOut = isSignOut || isStopSupport ? current : null;
    // A support session changes nothing here either (a password, the e-mail, the profile):
    // it may only end (sign out, or leave the support session).
    if (current?.session.impersonatedBy && !isSignOut && !isStopSupport) {
      return c.json(
        errorBody(
          'auth.support_read_only',
          'This is a Tenantry support session: it can read the account, never change it.',
          c.get('requestId'),
        ),
        403,
      );
    }
    const ending = isStopSupport && current?.session.impersonatedBy ? current.session : null;
    const support = ending ? await supportOf(deps, ending.id) : null;

    const response = await auth.handler(new Request(c.req.raw.url, init));

    if (signingOut && response.ok) {
      // Drop it from this process's cache at once (the claims query refuses it anyway).
      const cache = deps.sessionCache;
      cache.revokeSession(signingOut.session.id);
      const key = sessionCookieKey(c.req.header('cookie'));
      if (key) cache.delete(key);
    }
    if (ending && support?.accountId && response.ok) {
      await deps.db.insert(auditLog).values({
        id: randomUUID(),
        accountId: support.accountId,
        actorUserId: ending.impersonatedBy ?? null,
        actorEmail: support.staffEmail,
        action: 'support_access.ended',
        targetType: 'user',
        targetId: ending.userId,
        data: {},
      });
    }

    return response;
  };
}

/** Better Auth's admin plugin path that ends a support session (the only one served). */
const STOP_SUPPORT_PATH = '/api/auth/admin/stop-impersonating';

/** The account a support session reaches and the staff member's address. */
async function supportOf(deps: AppDeps, sessionId: string) {
  const rows = await queryRows<{ accountId: string | null; staffEmail: string | null }>(
    deps.db,
    sql`select s.support_account_id as "accountId", u.email as "staffEmail"
      from sessions s left join users u on u.id = s.impersonated_by where s.id = ${sessionId}`,
  );
  return rows[0] ?? null;
}

async function readJson(req: Request | Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await req.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
