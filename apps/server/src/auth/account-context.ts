import { can, type AccountPermission, type AccountRole } from '@tenantry/shared';
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { forbidden } from '../lib/errors.ts';
import type { Auth } from './auth.ts';
import { getClaims } from './guards.ts';
import { requireSession } from './session.ts';

/**
 * The account a request acts for, taken from the session's claims — never from the request
 * (ADR 0005). Services receive it and put `accountId` in every where.
 */
export interface AccountContext {
  accountId: string;
  role: AccountRole;
  userId: string;
  email: string;
}

/**
 * Signed in (401), a member of an account (403 for a shared user, who has no `tid`), and
 * allowed `permission` by the permission table in packages/shared (403 otherwise).
 * Costs no query beyond the claims the request loads anyway.
 */
export function requireAccount(
  auth: Auth,
  db: Database,
  permission: AccountPermission,
): MiddlewareHandler<AppEnv>[] {
  return [
    requireSession(auth),
    async (c, next) => {
      const claims = await getClaims(c, db);
      if (!claims.tid || !claims.accountRole) {
        throw forbidden('This needs a member of an account; shared access does not include it.');
      }
      if (!can(claims.accountRole, permission)) throw forbidden();
      c.set('account', {
        accountId: claims.tid,
        role: claims.accountRole,
        userId: claims.uid,
        email: claims.email,
      });
      await next();
    },
  ];
}

/** The account context inside a route behind requireAccount. */
export function getAccount(c: Context<AppEnv>): AccountContext {
  const account = c.get('account');
  if (!account) throw forbidden();
  return account;
}
