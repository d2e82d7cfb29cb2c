import {
  SECOND_FACTOR_GRACE_DAYS,
  type AccountRole,
  type CurrentUser,
  type SecondFactorClaim,
  type ShareRole,
} from '@tenantry/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../db/client.ts';
import { billingReadOnlySql } from '../db/schema/billing.ts';
import type { AuthHooks } from './auth.ts';
import { membershipReaches, ruleOf } from './tenant-access.ts';
import type { ServerClaims, SessionState } from './types.ts';

/** How stale `sessions.last_active_at` may get before a request refreshes it. */
export const SESSION_ACTIVITY_RESOLUTION_MS = 5 * 60 * 1000;

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
  tenant_access: string | null;
  tenant_access_ids: string[] | null;
  tenant_access_tags: string[] | null;
  last_tenant_id: string | null;
  last_active_at: Date | string;
  account_last_active_at: Date | string | null;
  billing_read_only: boolean;
  suspended_at: Date | string | null;
  suspended_reason: string | null;
  impersonated_by: string | null;
  staff_email: string | null;
  expires_at: Date | string;
  support_account_id: string | null;
  support_reason: string | null;
  support_access_until: Date | string | null;
  second_factor_enrolled: boolean;
  require_second_factor_since: Date | string | null;
  joined_at: Date | string | null;
}

/**
 * Whether the user has a second factor (an authenticator app, a passkey), in SQL over the
 * users row `u`: one indexed look-up each, in the claims query of every request.
 */
const secondFactorEnrolledSql = sql`((u.two_factor_enabled and exists (
    select 1 from two_factors f where f.user_id = u.id and f.verified))
  or exists (select 1 from passkeys p where p.user_id = u.id))`;

const DAY_MS = 86_400_000;

/**
 * The second-factor claim of a member: the account's requirement (on since `since`) leaves
 * each member SECOND_FACTOR_GRACE_DAYS from then or from joining, whichever is later.
 */
export function secondFactorClaim(
  enrolled: boolean,
  since: Date | string | null,
  joinedAt: Date | string | null,
): SecondFactorClaim {
  if (since === null) return { enrolled, required: false, enrolBy: null };
  const start = Math.max(new Date(since).getTime(), joinedAt ? new Date(joinedAt).getTime() : 0);
  const enrolBy = new Date(start + SECOND_FACTOR_GRACE_DAYS * DAY_MS).toISOString();
  return { enrolled, required: true, enrolBy };
}

/** The member must enrol before anything else: required, none, and their time is over. */
export function mustEnrolNow(claim: SecondFactorClaim | undefined, now = Date.now()): boolean {
  if (!claim?.required || claim.enrolled || claim.enrolBy === null) return false;
  return new Date(claim.enrolBy).getTime() <= now;
}

export function toCurrentUser(claims: ServerClaims): CurrentUser {
  const {
    accountRole: _a,
    shareRole: _s,
    billingReadOnly: _b,
    apiKey: _k,
    impersonatedBy: _i,
    tenantAccess: _t,
    ...user
  } = claims;
  return user;
}

/**
 * The session must still be in the database: a session ended anywhere (sign-out, "end other
 * sessions", a password change or reset) is refused on its very next request, on any server.
 */
const liveSession = (sessionId: string) =>
  sql`join sessions s on s.id = ${sessionId} and s.user_id = u.id and s.expires_at > now()`;

async function queryClaims(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<ClaimsRow | undefined> {
  const rows = await queryRows<ClaimsRow>(
    db,
    sql`select u.id, u.email, u.name, u.email_verified, u.is_system_admin, u.is_system_dev,
          a.id as tid, a.created_at as account_created_at, m.role as account_role,
          m.tenant_access, m.tenant_access_ids, m.tenant_access_tags,
          t.id as last_tenant_id, s.last_active_at, a.last_active_at as account_last_active_at,
          ${billingReadOnlySql('sb')} as billing_read_only,
          a.suspended_at, a.suspended_reason, s.impersonated_by, staff.email as staff_email,
          s.expires_at, s.support_account_id, s.support_reason, a.support_access_until,
          ${secondFactorEnrolledSql} as second_factor_enrolled,
          a.require_second_factor_since, m.created_at as joined_at
        from users u
        ${liveSession(sessionId)}
        left join users staff on staff.id = s.impersonated_by
        left join memberships m on m.user_id = u.id and m.account_id = (case
          when s.impersonated_by is null then ${currentAccountIdSql(userId)}
          else s.support_account_id end)
        left join accounts a on a.id = m.account_id
        left join subscriptions sb on sb.account_id = m.account_id
        left join tenants t on t.id = m.last_tenant_id and t.account_id = m.account_id
          and ${membershipReaches('m', 't')}
        where u.id = ${userId}`,
    { prepared: true },
  );
  return rows[0];
}

interface SharedClaimsRow {
  id: string;
  email: string;
  name: string | null;
  email_verified: boolean;
  ptid: string;
  ttid: string;
  share_role: ShareRole;
  last_active_at: Date | string;
  billing_read_only: boolean;
  suspended_at: Date | string | null;
  suspended_reason: string | null;
  second_factor_enrolled: boolean;
}

/**
 * A shared session's user with the ACTIVE grant of its tenant for the user's e-mail, in one
 * query; no row when the grant was revoked (or the tenant deleted): the claims then refuse.
 */
async function querySharedClaims(
  db: Database,
  userId: string,
  sessionId: string,
  tenantId: string,
): Promise<SharedClaimsRow | undefined> {
  const rows = await queryRows<SharedClaimsRow>(
    db,
    sql`select u.id, u.email, u.name, u.email_verified,
          g.account_id as ptid, g.tenant_id as ttid, g.role as share_role, s.last_active_at,
          ${billingReadOnlySql('sb')} as billing_read_only, a.suspended_at, a.suspended_reason,
          ${secondFactorEnrolledSql} as second_factor_enrolled
        from users u
        ${liveSession(sessionId)}
        join share_grants g on g.tenant_id = ${tenantId} and g.email = lower(u.email)
          and g.revoked_at is null
        left join subscriptions sb on sb.account_id = g.account_id
        join tenants t on t.id = g.tenant_id and t.account_id = g.account_id
        join accounts a on a.id = g.account_id
        where u.id = ${userId}`,
    { prepared: true },
  );
  return rows[0];
}

/**
 * The current user, computed from the database in one query: the client never decides a
 * claim. Null — the request is then refused with 401 — when the session has ended, when the
 * user does not exist (deleted since the session began) or, for a shared session, when its
 * share grant is no longer active.
 *
 * `sharedTenantId` is the session's client tenant when it was made by a shared sign-in
 * (/sharedSignin/{tenantId}). Such a session is ALWAYS a shared session, even when the person
 * is also a member of an account: `tid` null, `ptid` = the sharing account, `ttid` = the
 * tenant, `shareRole` = the grant's role, no system roles. Their membership is reached by
 * signing in normally (a separate session). Read on every request, never from the cookie
 * cache, so revoking a grant ends its sessions' access on the very next request.
 *
 * `repairOwnAccount` runs when a member's session finds no account (the after-create hook that
 * makes it did not complete).
 */
export async function loadClaims(
  db: Database,
  repairOwnAccount: AuthHooks['onUserCreated'],
  session: Pick<SessionState, 'userId' | 'sessionId' | 'sharedTenantId'>,
): Promise<ServerClaims | null> {
  const { userId, sessionId, sharedTenantId } = session;
  if (sharedTenantId !== null) return loadSharedClaims(db, userId, sessionId, sharedTenantId);
  let row = await queryClaims(db, userId, sessionId);
  if (!row) return null;
  if (row.impersonated_by && !supportSessionHolds(row)) return null;
  // A support session is the staff member's activity, not the account's.
  await noteActivity(
    db,
    sessionId,
    row.last_active_at,
    row.impersonated_by ? null : { id: row.tid, lastActiveAt: row.account_last_active_at },
  );
  if (row.tid === null && !row.impersonated_by) {
    // Only for a session from the ordinary sign-in: a shared session returned above, and a
    // user created by a shared sign-in has no password, so reaches here only after choosing
    // one (password reset proves the address, like a sign-up) — then they get their own account.
    await repairOwnAccount({ id: row.id, name: row.name, email: row.email });
    row = (await queryClaims(db, userId, sessionId)) ?? row;
  }
  const createdAt = row.account_created_at === null ? new Date() : new Date(row.account_created_at);
  return {
    uid: row.id,
    email: row.email,
    displayName: row.name?.trim() || row.email,
    tid: row.tid,
    // A member's session has no partner account: that is what makes it not a shared user.
    ptid: null,
    // A member's target tenant is the client tenant they last opened (in their own account).
    ttid: row.last_tenant_id,
    // A support session (impersonation) carries no system role, whoever opened it.
    role: row.is_system_admin && !row.impersonated_by ? 'systemadmin' : 'user',
    isSharedUser: false,
    isSystemDev: row.is_system_dev && !row.impersonated_by,
    createdAt: createdAt.toISOString(),
    emailVerified: row.email_verified,
    accountSuspension: suspensionOf(row),
    supportSession: row.impersonated_by
      ? {
          staffEmail: row.staff_email ?? 'Tenantry support',
          endsAt: supportEnd(row).toISOString(),
          readOnly: true,
        }
      : null,
    // A support session is the staff member's: the account's requirement is not theirs.
    secondFactor: row.impersonated_by
      ? secondFactorClaim(row.second_factor_enrolled === true, null, null)
      : secondFactorClaim(
          row.second_factor_enrolled === true,
          row.require_second_factor_since,
          row.joined_at,
        ),
    accountRole: row.account_role,
    shareRole: null,
    billingReadOnly: row.billing_read_only === true,
    impersonatedBy: row.impersonated_by,
    apiKey: null,
    tenantAccess: ruleOf({
      role: row.account_role,
      mode: row.tenant_access,
      tenantIds: row.tenant_access_ids,
      tags: row.tenant_access_tags,
    }),
  };
}

/**
 * A support session (the admin plugin's impersonation) reaches only the account it was opened
 * for (`sessions.support_account_id`), while the user is still a member of it, and — when it
 * was opened under the owners' grant rather than by a written reason — only while the grant
 * lasts: an owner who revokes it ends the session on its very next request, on any server.
 */
function supportSessionHolds(row: ClaimsRow): boolean {
  if (!row.support_account_id || row.tid !== row.support_account_id) return false;
  return supportEnd(row).getTime() > Date.now();
}

/** When a support session ends: its expiry, or the end of the grant it was opened under. */
function supportEnd(row: ClaimsRow): Date {
  const expires = new Date(row.expires_at);
  if (row.support_reason !== null) return expires;
  if (row.support_access_until === null) return new Date(0);
  const until = new Date(row.support_access_until);
  return until < expires ? until : expires;
}

async function loadSharedClaims(
  db: Database,
  userId: string,
  sessionId: string,
  tenantId: string,
): Promise<ServerClaims | null> {
  const row = await querySharedClaims(db, userId, sessionId, tenantId);
  if (!row) return null;
  await noteActivity(db, sessionId, row.last_active_at, null);
  return {
    uid: row.id,
    email: row.email,
    displayName: row.name?.trim() || row.email,
    tid: null,
    ptid: row.ptid,
    ttid: row.ttid,
    // A shared session carries no system roles: it reaches one client tenant, nothing else.
    role: 'user',
    isSharedUser: true,
    isSystemDev: false,
    // The account creation time, otherwise now: a shared user has no account.
    createdAt: new Date().toISOString(),
    emailVerified: row.email_verified,
    accountSuspension: suspensionOf(row),
    supportSession: null,
    // A shared user is no member: the sharing account's requirement is not theirs.
    secondFactor: secondFactorClaim(row.second_factor_enrolled === true, null, null),
    accountRole: null,
    shareRole: row.share_role,
    billingReadOnly: row.billing_read_only === true,
    impersonatedBy: null,
    apiKey: null,
    // Their one client tenant is `ttid`: the guards allow nothing else.
    tenantAccess: null,
  };
}

/** The suspension of the account acted for, as the client is told it (null when none). */
export function suspensionOf(row: {
  suspended_at: Date | string | null;
  suspended_reason: string | null;
}): CurrentUser['accountSuspension'] {
  if (row.suspended_at === null) return null;
  return {
    since: new Date(row.suspended_at).toISOString(),
    reason: row.suspended_reason ?? '',
  };
}

/**
 * Keeps `sessions.last_active_at` to within a few minutes: one write per session per period;
 * with it, the member's account's `last_active_at` (the service console's "active in 7/30
 * days"), written only when it is as stale, so many members of one account do not queue on
 * its row. A new session is fresh but its account may never have been active: the account's
 * own stamp decides for it.
 */
async function noteActivity(
  db: Database,
  sessionId: string,
  lastActiveAt: Date | string,
  account: { id: string | null; lastActiveAt: Date | string | null } | null,
) {
  const stale = (at: Date | string | null) =>
    at === null || Date.now() - new Date(at).getTime() >= SESSION_ACTIVITY_RESOLUTION_MS;
  const session = stale(lastActiveAt);
  const accountId = account?.id && stale(account.lastActiveAt) ? account.id : null;
  if (!session && accountId === null) return;
  const period = `${SESSION_ACTIVITY_RESOLUTION_MS / 1000} seconds`;
  const touchAccount = sql`update accounts set last_active_at = now() where id = ${accountId}
            and (last_active_at is null or last_active_at < now() - ${period}::interval)`;
  await db.execute(
    accountId === null
      ? sql`update sessions set last_active_at = now() where id = ${sessionId}`
      : session
        ? sql`with s as (update sessions set last_active_at = now() where id = ${sessionId})
          ${touchAccount}`
        : touchAccount,
  );
}
