import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import { loadClaims, type ServerClaims } from '../modules/auth/claims.ts';
import type { Auth } from './auth.ts';
import { requireSession } from './session.ts';

export type SystemRole = 'admin' | 'dev';

const claimsKey = new WeakMap<Request, ServerClaims>();

/** The current user's claims, loaded once per request (one query). */
export async function getClaims(c: Context<AppEnv>, db: Database): Promise<ServerClaims> {
  const cached = claimsKey.get(c.req.raw);
  if (cached) return cached;
  const session = c.get('session');
  if (!session) throw unauthenticated();
  const claims = await loadClaims(db, session.userId, session.sharedTenantId);
  if (!claims) throw unauthenticated();
  claimsKey.set(c.req.raw, claims);
  return claims;
}

/**
 * Signed in (401 otherwise) and holding one of the system roles (403 otherwise). The roles are
 * read from the database on every request, so a grant or revoke takes effect at once.
 */
export function requireSystemRole(
  auth: Auth,
  db: Database,
  roles: readonly SystemRole[],
): MiddlewareHandler<AppEnv>[] {
  return [
    requireSession(auth),
    async (c, next) => {
      const claims = await getClaims(c, db);
      const ok =
        (roles.includes('admin') && claims.role === 'systemadmin') ||
        (roles.includes('dev') && claims.isSystemDev);
      if (!ok) throw forbidden();
      await next();
    },
  ];
}
