import type { CurrentUser } from '@tenantry/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';
import { ensureOwnAccount } from '../accounts/accounts.service.ts';

/**
 * The account a user acts for (`tid`): for now their earliest membership. A later issue adds
 * switching; keep this the one place that decides it (loadClaims and analytics use it).
 */
export function currentAccountIdSql(userId: string): SQL {
  return sql`(select m.account_id from memberships m where m.user_id = ${userId}
    order by m.created_at asc, m.account_id asc limit 1)`;
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
}

async function queryClaims(db: Database, userId: string): Promise<ClaimsRow | undefined> {
  const rows = await queryRows<ClaimsRow>(
    db,
    sql`select u.id, u.email, u.name, u.email_verified, u.is_system_admin, u.is_system_dev,
          a.id as tid, a.created_at as account_created_at
        from users u
        left join accounts a on a.id = ${currentAccountIdSql(userId)}
        where u.id = ${userId}`,
  );
  return rows[0];
}

/**
 * The seed's current user, computed from the database in one query (PRODUCT §2: the client
 * never decides a claim). Null when the user does not exist (deleted since the session began).
 */
export async function loadClaims(db: Database, userId: string): Promise<CurrentUser | null> {
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
  const ttid: string | null = null;
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
  };
}
