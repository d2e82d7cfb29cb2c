import type { AccountRole, CurrentUser, ShareRole } from '@tenantry/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ensureOwnAccount } from '../accounts/accounts.service.ts';

/**
 * The account a user acts for (`tid`): their active account (users.active_account_id) while
 * they are a member of it, else their earliest membership. The one place that decides it
 * (loadClaims and analytics use it).
 */
export function currentAccountIdSql(userId: string): SQL {
  return sql`(select m.account_id from memberships m where m.user_id = ${userId}
    order by (m.account_id = (select active_account_id from users where id = ${userId})) desc nulls last,
      m.created_at asc, m.account_id asc
    limit 1)`;
}

interface ClaimsRow {
  id: string;
  email: string;
  name: string | null;
  email_verified: boolean;
  is_system_admin: boolean;
  is_system_dev: boolean;
  tid: string | null;
  account_created_at: Date | string | null;
  account_role: AccountRole | null;
  last_tenant_id: string | null;
}

/**
 * Claims as the server uses them: the seed's current user plus what authorisation needs and
 * the client is never sent (`toCurrentUser` strips it).
 */
export interface ServerClaims extends CurrentUser {
  /** The member's role in `tid`; null for a shared user. */
  accountRole: AccountRole | null;
  /** The share role on `ttid` for a shared user; null otherwise. */
  shareRole: ShareRole | null;
}

export function toCurrentUser(claims: ServerClaims): CurrentUser {
  const { accountRole: _a, shareRole: _s, ...user } = claims;
  return user;
}

async function queryClaims(db: Database, userId: string): Promise<ClaimsRow | undefined> {
  const rows = await queryRows<ClaimsRow>(
    db,
    sql`select u.id, u.email, u.name, u.email_verified, u.is_system_admin, u.is_system_dev,
          a.id as tid, a.created_at as account_created_at, m.role as account_role,
          t.id as last_tenant_id
        from users u
        left join memberships m on m.user_id = u.id and m.account_id = ${currentAccountIdSql(userId)}
        left join accounts a on a.id = m.account_id
        left join tenants t on t.id = m.last_tenant_id and t.account_id = m.account_id
        where u.id = ${userId}`,
  );
  return rows[0];
}

/**
 * The seed's current user, computed from the database in one query (PRODUCT §2: the client
 * never decides a claim). Null when the user does not exist (deleted since the session began).
 */
export async function loadClaims(db: Database, userId: string): Promise<ServerClaims | null> {
  let row = await queryClaims(db, userId);
  if (!row) return null;
  if (row.tid === null) {
    // Repair: the after-create hook that makes the own account did not complete. (Shared
    // users, who legitimately have no tid, arrive with the sharing issue; then this must
    // also check that the user has no share grant.)
    await ensureOwnAccount(db, { id: row.id, name: row.name, email: row.email });
    row = (await queryClaims(db, userId)) ?? row;
  }
  const ptid: string | null = null;
  // A member's target tenant is the client tenant they last opened (in their own account).
  const ttid: string | null = row.last_tenant_id;
  const createdAt = row.account_created_at === null ? new Date() : new Date(row.account_created_at);
  return {
    uid: row.id,
    email: row.email,
    displayName: row.name?.trim() || row.email,
    tid: row.tid,
    ptid,
    ttid,
    role: row.is_system_admin ? 'systemadmin' : 'user',
    isSharedUser: ptid !== null,
    isSystemDev: row.is_system_dev,
    createdAt: createdAt.toISOString(),
    emailVerified: row.email_verified,
    accountRole: row.account_role,
    shareRole: null,
  };
}
