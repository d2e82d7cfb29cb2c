/**
 * The service console's users tab (docs/service-console.md, "Service console: users"): every
 * person who can sign in, for system admins — the list (search, filters, keyset paging), a
 * user's page (accounts and roles, shares, sessions, sign-in history, verification, second
 * factor, disabled state, system roles) and what a system admin may do to a user, each audited
 * system-wide (`service.*`).
 *
 * One source of truth for system roles: `users.is_system_admin` and `users.is_system_dev` (the
 * CLI's grant-admin/grant-dev write the same columns); `users.role`, which Better Auth's admin
 * plugin reads, is mirrored from is_system_admin by the `users_role_mirror` trigger.
 *
 * Disabling is the admin plugin's ban (`users.banned`, `ban_reason`; the plugin refuses a banned
 * user every new session) and ends the user's sessions. Ending sessions deletes their rows: the
 * claims query of every request, on every server, joins the live session row (auth/claims.ts),
 * so an ended session is refused on its very next request wherever it arrives — the verified
 * cookie cache (auth/session-cache.ts) only maps a cookie to a session id. The writes are ours,
 * in one transaction with the last-admin check and the audit entry, rather than
 * `auth.api.banUser` / `revokeUserSessions` (the same two writes, without a transaction): the
 * check "never the last admin" must hold when two admins act at once.
 */
import {
  SERVICE_USER_ERROR_CODES,
  SERVICE_USER_LIMITS,
  type DisableUserInput,
  type ServiceUserActionResult,
  type ServiceUserDetail,
  type ServiceUserList,
  type ServiceUserListQuerySchema,
  type ServiceUserRow,
  type SystemRole,
} from '@tenantry/shared';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Actor } from '../../../auth/types.ts';
import { queryRows, type Database, type Tx } from '../../../db/client.ts';
import {
  accounts,
  auditLog,
  memberships,
  sessions,
  shareGrants,
  tenants,
  users,
} from '../../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../../lib/cursor.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { emailStartsOrEnds, escapeLike } from '../../../lib/like.ts';
import { recordSystemAudit } from '../../audit/audit.service.ts';

export type ServiceUserListFilters = z.output<typeof ServiceUserListQuerySchema>;

const createdAtKey = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const CursorSchema = z.tuple([cursorPart.time, cursorPart.id]);

export const userNotFound = () => notFound('User not found.');
export const refuse = (
  code: (typeof SERVICE_USER_ERROR_CODES)[keyof typeof SERVICE_USER_ERROR_CODES],
  message: string,
  details?: Record<string, unknown>,
) => new AppError(code, 409, message, undefined, details);

/**
 * A search: the start or the end of the e-mail ("@acme.com"), the start of the name
 * (case-insensitive, wildcards literal; the users' e-mail and name indexes), or a user id
 * exactly.
 */
function matches(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const prefix = `${escapeLike(q.toLowerCase())}%`;
  return sql`(${emailStartsOrEnds(users.email, q)}
    or lower(${users.name}) like ${prefix} escape '\\'
    or ${users.id} = ${q})`;
}

function filterWhere(f: ServiceUserListFilters): SQL | undefined {
  return and(
    matches(f.q),
    f.role === 'admin' ? sql`${users.isSystemAdmin}` : undefined,
    f.role === 'developer' ? sql`${users.isSystemDev}` : undefined,
    f.disabled === 'true' ? sql`${users.banned}` : undefined,
    f.disabled === 'false' ? sql`not ${users.banned}` : undefined,
    f.verified === 'true' ? sql`${users.emailVerified}` : undefined,
    f.verified === 'false' ? sql`not ${users.emailVerified}` : undefined,
  );
}

const rowColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  emailVerified: users.emailVerified,
  isSystemAdmin: users.isSystemAdmin,
  isSystemDev: users.isSystemDev,
  banned: users.banned,
  createdAt: users.createdAt,
};
type RowData = Pick<typeof users.$inferSelect, keyof typeof rowColumns>;

function toRow(r: RowData): ServiceUserRow {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    emailVerified: r.emailVerified,
    systemAdmin: r.isSystemAdmin,
    systemDeveloper: r.isSystemDev,
    disabled: r.banned,
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /service/users: newest first, keyset-paged by (created_at, id). */
export async function listServiceUsers(
  db: Database,
  query: ServiceUserListFilters,
): Promise<ServiceUserList> {
  const after = query.cursor ? decodeCursor(query.cursor, CursorSchema) : null;
  const rows = await db
    .select({ ...rowColumns, key: createdAtKey })
    .from(users)
    .where(
      and(
        filterWhere(query),
        after
          ? sql`(${users.createdAt}, ${users.id}) < (${after[0]}::timestamptz, ${after[1]}::text)`
          : undefined,
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toRow),
    nextCursor: rows.length > query.limit && last ? encodeCursor([last.key, last.id]) : null,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** GET /service/users/{userId}: the user's page. */
export async function getServiceUser(db: Database, userId: string): Promise<ServiceUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw userNotFound();
  const staff = sql`(select s2.email from users s2 where s2.id = ${sessions.impersonatedBy})`;
  const [memberRows, shareRows, sessionRows, signInRows, [factors]] = await Promise.all([
    db
      .select({
        accountId: accounts.id,
        accountName: accounts.name,
        role: memberships.role,
        joinedAt: memberships.createdAt,
        suspendedAt: accounts.suspendedAt,
      })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt), asc(accounts.id)),
    db
      .select({
        grantId: shareGrants.id,
        accountId: accounts.id,
        accountName: accounts.name,
        tenantId: tenants.id,
        tenantName: tenants.name,
        role: shareGrants.role,
        createdAt: shareGrants.createdAt,
        lastUsedAt: shareGrants.lastUsedAt,
      })
      .from(shareGrants)
      .innerJoin(accounts, eq(accounts.id, shareGrants.accountId))
      .innerJoin(tenants, eq(tenants.id, shareGrants.tenantId))
      .where(and(eq(shareGrants.email, user.email.toLowerCase()), isNull(shareGrants.revokedAt)))
      .orderBy(desc(shareGrants.createdAt), desc(shareGrants.id)),
    db
      .select({ session: sessions, staffEmail: sql<string | null>`${staff}` })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
      .orderBy(desc(sessions.lastActiveAt), desc(sessions.id)),
    db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, 'user'),
          eq(auditLog.targetId, userId),
          inArray(auditLog.action, ['auth.signed_in', 'auth.sign_in_failed']),
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(SERVICE_USER_LIMITS.signIns),
    queryRows<{ totp: boolean; passkeys: number }>(
      db,
      sql`select (${user.twoFactorEnabled} and exists (select 1 from two_factors f
            where f.user_id = ${userId} and f.verified)) as totp,
          (select count(*)::int from passkeys p where p.user_id = ${userId}) as passkeys`,
    ),
  ]);
  return {
    ...toRow(user),
    updatedAt: user.updatedAt.toISOString(),
    disabledReason: user.banned ? user.banReason : null,
    secondFactor: {
      available: true,
      enrolled: factors?.totp === true || (factors?.passkeys ?? 0) > 0,
      totp: factors?.totp === true,
      passkeys: factors?.passkeys ?? 0,
    },
    memberships: memberRows.map((m) => ({
      accountId: m.accountId,
      accountName: m.accountName,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
      accountSuspended: m.suspendedAt !== null,
    })),
    shares: shareRows.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: iso(s.lastUsedAt),
    })),
    sessions: sessionRows.map(({ session: s, staffEmail }) => ({
      id: s.id,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
      lastActiveAt: s.lastActiveAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      sharedTenantId: s.sharedTenantId,
      impersonatedBy: s.impersonatedBy,
      impersonatedByEmail: staffEmail,
    })),
    signIns: signInRows.map((e) => ({
      id: e.id,
      createdAt: e.createdAt.toISOString(),
      succeeded: e.action === 'auth.signed_in',
      method: text(e.data.method),
      secondFactor: text(e.data.secondFactor),
      reason: text(e.data.reason),
      ipAddress: e.ipAddress,
      userAgent: text(e.data.userAgent),
    })),
  };
}

/** What every action needs: who acts, from where, and the ids of the sessions it ended. */
export interface ActionContext {
  actor: Actor;
  ipAddress: string | null;
  /** Drops ended sessions from this process's verified-cookie cache at once. */
  forgetSessions(ids: readonly string[]): void;
}

/** The user, locked for the transaction. */
async function lockUser(tx: Tx, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw userNotFound();
  return user;
}

export function audit(
  tx: Tx,
  ctx: ActionContext,
  action: Parameters<typeof recordSystemAudit>[2]['action'],
  user: { id: string; email: string },
  data: Record<string, unknown> = {},
) {
  return recordSystemAudit(tx, ctx.actor, {
    action,
    targetType: 'user',
    targetId: user.id,
    data: { email: user.email, ...data },
    ipAddress: ctx.ipAddress,
  });
}

/**
 * Refuses a change that would leave no enabled system admin: the enabled admins are locked
 * (in id order) so that two admins acting at once are serialised and the second sees the first.
 */
async function keepAnAdmin(
  tx: Tx,
  target: { id: string; isSystemAdmin: boolean; banned: boolean },
) {
  if (!target.isSystemAdmin || target.banned) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isSystemAdmin, true), eq(users.banned, false)))
    .orderBy(asc(users.id))
    .for('update');
  if (admins.filter((a) => a.id !== target.id).length === 0) {
    throw refuse(
      SERVICE_USER_ERROR_CODES.lastAdmin,
      'This is the last enabled system admin. Grant another person system admin first.',
    );
  }
}

function notOneself(ctx: ActionContext, userId: string, what: string) {
  if (ctx.actor.userId === userId) {
    throw refuse(
      SERVICE_USER_ERROR_CODES.self,
      `You cannot ${what} yourself. Ask another system admin.`,
    );
  }
}

/** Deletes the user's sessions (all, or one) and returns their ids. */
async function endSessions(tx: Tx, userId: string, sessionId?: string): Promise<string[]> {
  const rows = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sessionId ? eq(sessions.id, sessionId) : undefined))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** DELETE /service/users/{userId}/sessions/{sessionId}: ends one session. */
export async function endUserSession(
  db: Database,
  ctx: ActionContext,
  userId: string,
  sessionId: string,
): Promise<ServiceUserActionResult> {
  const ended = await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const ids = await endSessions(tx, userId, sessionId);
    if (ids.length === 0) {
      throw new AppError(
        SERVICE_USER_ERROR_CODES.sessionNotFound,
        404,
        'This session has ended already.',
      );
    }
    await audit(tx, ctx, 'service.user_session_ended', user, { sessionId });
    return ids;
  });
  ctx.forgetSessions(ended);
  return { sessionsEnded: ended.length };
}

/** DELETE /service/users/{userId}/sessions: ends every session of the user. */
export async function endUserSessions(
  db: Database,
  ctx: ActionContext,
  userId: string,
): Promise<ServiceUserActionResult> {
  const ended = await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const ids = await endSessions(tx, userId);
    await audit(tx, ctx, 'service.user_sessions_ended', user, { sessionsEnded: ids.length });
    return ids;
  });
  ctx.forgetSessions(ended);
  return { sessionsEnded: ended.length };
}

/** POST /service/users/{userId}/disable: bans the user and ends their sessions. */
export async function disableUser(
  db: Database,
  ctx: ActionContext,
  userId: string,
  input: DisableUserInput,
): Promise<ServiceUserActionResult> {
  notOneself(ctx, userId, 'disable');
  const ended = await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (user.banned) {
      throw refuse(SERVICE_USER_ERROR_CODES.unchanged, 'This user is disabled already.', {
        current: toRow(user),
      });
    }
    await keepAnAdmin(tx, user);
    await tx
      .update(users)
      .set({ banned: true, banReason: input.reason, banExpires: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    const ids = await endSessions(tx, userId);
    await audit(tx, ctx, 'service.user_disabled', user, {
      reason: input.reason,
      sessionsEnded: ids.length,
    });
    return ids;
  });
  ctx.forgetSessions(ended);
  return { sessionsEnded: ended.length };
}

/** POST /service/users/{userId}/enable: lifts the ban; the user may sign in again. */
export async function enableUser(
  db: Database,
  ctx: ActionContext,
  userId: string,
): Promise<ServiceUserActionResult> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user.banned) {
      throw refuse(SERVICE_USER_ERROR_CODES.unchanged, 'This user is not disabled.', {
        current: toRow(user),
      });
    }
    await tx
      .update(users)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await audit(tx, ctx, 'service.user_enabled', user);
  });
  return { sessionsEnded: 0 };
}

const ROLE_COLUMN = { admin: 'isSystemAdmin', developer: 'isSystemDev' } as const;

/**
 * PUT / DELETE /service/users/{userId}/roles/{role}: grants or revokes system admin or
 * developer. Never on oneself; never the last enabled admin.
 */
export async function setSystemRole(
  db: Database,
  ctx: ActionContext,
  userId: string,
  role: SystemRole,
  granted: boolean,
): Promise<ServiceUserRow> {
  notOneself(ctx, userId, 'change the system roles of');
  return db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    const column = ROLE_COLUMN[role];
    if (user[column] === granted) {
      throw refuse(
        SERVICE_USER_ERROR_CODES.unchanged,
        granted ? `This user is a system ${role} already.` : `This user is not a system ${role}.`,
        { current: toRow(user) },
      );
    }
    if (role === 'admin' && !granted) await keepAnAdmin(tx, user);
    const [updated] = await tx
      .update(users)
      .set({ [column]: granted, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    await audit(tx, ctx, granted ? 'service.role_granted' : 'service.role_revoked', user, {
      role,
    });
    return toRow(updated ?? user);
  });
}
