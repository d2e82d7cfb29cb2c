import {
  can,
  canShared,
  type AccountPermission,
  type AccountRole,
  type ShareRole,
} from '@tenantry/shared';
import type { Context, MiddlewareHandler } from 'hono';
import type { Database } from '../db/client.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { forbidden } from '../lib/errors.ts';
import { tenantNotFound } from '../modules/tenants/tenants.service.ts';
import type { Auth } from './auth.ts';
import { getClaims } from './guards.ts';
import { requireSession } from './session.ts';

/**
 * Who may act on ONE client tenant and in which account it must be found. Decided from the
 * claims alone (no query): the route's service then looks the tenant up with
 * `where id = tenantId and account_id = accountId`, so a tenant of another account is simply
 * not found (ADR 0005).
 */
export interface TenantContext {
  tenantId: string;
  /** The account the tenant must belong to: the member's `tid`, or the shared user's `ptid`. */
  accountId: string;
  userId: string;
  email: string;
  /** Set for a member of the account; null for a shared user. */
  accountRole: AccountRole | null;
  /** Set for a shared user of this tenant; null for a member. */
  shareRole: ShareRole | null;
}

/**
 * What a route needs: `read` and `contribute` are open to members (tenants.read /
 * tenants.update) and to shared users of this tenant (tenant.read / tenant.contribute); an
 * account permission is for members only.
 */
export type TenantAccess = 'read' | 'contribute' | AccountPermission;

const MEMBER_PERMISSION: Record<'read' | 'contribute', AccountPermission> = {
  read: 'tenants.read',
  contribute: 'tenants.update',
};

const contexts = new WeakMap<Request, TenantContext>();

/**
 * For routes under a tenant id (the path parameter `param`; default `tenantId`, else `id`):
 * - signed out → 401;
 * - a member of an account → allowed per the permission table (403 when their role lacks it);
 *   the tenant is then looked up in their account (404 when it is not there);
 * - a shared user → allowed only on their one tenant (`ttid`) of the account that shared it
 *   (`ptid`) and only for `read`/`contribute` their share role grants (403 for a write their
 *   role does not include on that tenant);
 * - everyone else → 404 `tenants.not_found`, never a hint that the tenant exists.
 */
export function requireTenant(
  auth: Auth,
  db: Database,
  access: TenantAccess,
  param?: string,
): MiddlewareHandler<AppEnv>[] {
  return [
    requireSession(auth),
    async (c, next) => {
      const claims = await getClaims(c, db);
      const tenantId = param ? c.req.param(param) : (c.req.param('tenantId') ?? c.req.param('id'));
      if (!tenantId) throw tenantNotFound();
      const base = { tenantId, userId: claims.uid, email: claims.email };
      if (claims.tid && claims.accountRole) {
        const permission =
          access === 'read' || access === 'contribute' ? MEMBER_PERMISSION[access] : access;
        if (!can(claims.accountRole, permission)) throw forbidden();
        contexts.set(c.req.raw, {
          ...base,
          accountId: claims.tid,
          accountRole: claims.accountRole,
          shareRole: null,
        });
        return next();
      }
      if (claims.ptid && claims.ttid === tenantId && claims.shareRole) {
        if (access !== 'read' && access !== 'contribute') throw forbidden();
        const sharePermission = access === 'read' ? 'tenant.read' : 'tenant.contribute';
        if (!canShared(claims.shareRole, sharePermission)) {
          // They may read it, so saying it exists is no leak; a viewer cannot write.
          if (canShared(claims.shareRole, 'tenant.read')) throw forbidden();
          throw tenantNotFound();
        }
        contexts.set(c.req.raw, {
          ...base,
          accountId: claims.ptid,
          accountRole: null,
          shareRole: claims.shareRole,
        });
        return next();
      }
      throw tenantNotFound();
    },
  ];
}

/** The tenant context inside a route behind requireTenant. */
export function getTenantContext(c: Context<AppEnv>): TenantContext {
  const ctx = contexts.get(c.req.raw);
  if (!ctx) throw tenantNotFound();
  return ctx;
}
