import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AuditAction, AuditPage, AuditQuery, SecondFactorKind } from '@tenantry/shared';
import type { SignInMethod, SignInRequest } from '../../auth/security-events.ts';
import type { AccountContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { cursorPart, decodeCursor, encodeCursor } from '../../lib/cursor.ts';

/**
 * Who did it, in which account: an AccountContext or a TenantContext (both carry these), or
 * the person joining an account by invitation, or a respondent (no user).
 */
export type AuditScope = Pick<AccountContext, 'accountId' | 'email' | 'apiKeyId'> & {
  /** Null for someone without an account (a respondent, named in `email`). */
  userId: string | null;
};

export interface AuditEntryInput {
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  data?: Record<string, unknown>;
  /** The client's address, for security events. */
  ipAddress?: string | null;
}

/** A database or a transaction: audit in the same transaction as the change it records. */
type Db = Pick<Database, 'insert'>;

export async function recordAudit(
  db: Db,
  scope: AuditScope,
  entry: AuditEntryInput,
): Promise<void> {
  await db.insert(auditLog).values({
    id: randomUUID(),
    accountId: scope.accountId,
    // An API key is no user: it is named in `actorEmail` ("API key “…” (tnt_…)").
    actorUserId: scope.apiKeyId ? null : scope.userId,
    actorEmail: scope.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    data: entry.data ?? {},
    ipAddress: entry.ipAddress ?? null,
  });
}

/**
 * A system-wide entry (no account, or about one while acting from outside it): security events
 * (sign-ins and their failures) and the service console's staff actions. `actor` is null for
 * an event without a known user (a failed sign-in for an unknown address, named in
 * `data.email`). Read at service/audit.
 */
export async function recordSystemAudit(
  db: Db,
  actor: { userId: string | null; email: string | null } | null,
  entry: AuditEntryInput & { accountId?: string | null },
): Promise<void> {
  await db.insert(auditLog).values({
    id: randomUUID(),
    accountId: entry.accountId ?? null,
    actorUserId: actor?.userId ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    data: entry.data ?? {},
    ipAddress: entry.ipAddress ?? null,
  });
}

const USER_AGENT_MAX = 500;
const EMAIL_MAX = 320;
const clip = (s: string | null, max: number) => (s === null ? null : s.slice(0, max));

/**
 * `auth.signed_in`: a new session of the user (system-wide; the user is the actor and the
 * target). One statement: the user's e-mail is read in the insert.
 */
export async function recordSignIn(
  db: Pick<Database, 'execute'>,
  event: SignInRequest & {
    userId: string;
    method: SignInMethod;
    secondFactor?: SecondFactorKind | null;
  },
): Promise<void> {
  const userAgent = clip(event.userAgent, USER_AGENT_MAX);
  const secondFactor = event.secondFactor ?? null;
  await db.execute(sql`insert into ${auditLog}
      (id, account_id, actor_user_id, actor_email, action, target_type, target_id, data, ip_address)
    select ${randomUUID()}, null, u.id, u.email, 'auth.signed_in', 'user', u.id,
      jsonb_build_object('email', u.email, 'method', ${event.method}::text,
        'userAgent', ${userAgent}::text) || (case when ${secondFactor}::text is null then '{}'::jsonb
        else jsonb_build_object('secondFactor', ${secondFactor}::text) end),
      ${event.ipAddress}::text
    from ${users} u where u.id = ${event.userId}`);
}

/**
 * `auth.sign_in_failed`: a refused sign-in (wrong password, unknown or unverified address,
 * disabled user, wrong code…), system-wide, without an actor (whoever tried is not known);
 * the target is the user of that address when there is one. One statement whatever the
 * address, so it costs the same for a known and an unknown one.
 */
export async function recordSignInFailure(
  db: Pick<Database, 'execute'>,
  event: SignInRequest & {
    email: string;
    method: SignInMethod;
    reason: string;
    secondFactor?: SecondFactorKind;
  },
): Promise<void> {
  const email = event.email.trim().toLowerCase().slice(0, EMAIL_MAX);
  const secondFactor = event.secondFactor ?? null;
  const userAgent = clip(event.userAgent, USER_AGENT_MAX);
  await db.execute(sql`insert into ${auditLog}
      (id, account_id, actor_user_id, actor_email, action, target_type, target_id, data, ip_address)
    values (${randomUUID()}, null, null, null, 'auth.sign_in_failed', 'user',
      (select u.id from ${users} u where u.email = ${email} limit 1),
      jsonb_build_object('email', ${email}::text, 'method', ${event.method}::text,
        'reason', ${event.reason}::text, 'userAgent', ${userAgent}::text)
        || (case when ${secondFactor}::text is null then '{}'::jsonb
          else jsonb_build_object('secondFactor', ${secondFactor}::text) end),
      ${event.ipAddress}::text)`);
}

/** The created_at of a row as the cursor carries it: UTC with microseconds, as stored. */
const createdAtKey = sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The cursor after a row: `[createdAt, id]`. The time keeps its microseconds (a JS Date would
 * drop them and skip the rows of the same millisecond); cursors of older versions carry
 * milliseconds and still work.
 */
const AuditCursorSchema = z.tuple([cursorPart.time, cursorPart.id]);

/** Newest first, keyset-paged by (created_at, id), scoped to one account. */
export async function listAudit(
  db: Database,
  scope: AccountContext,
  opts: AuditQuery,
): Promise<AuditPage> {
  const { accountId } = scope;
  const after = opts.cursor ? decodeCursor(opts.cursor, AuditCursorSchema) : null;
  const rows = await db
    .select({ entry: auditLog, key: createdAtKey })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.accountId, accountId),
        after
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after[0]}::timestamptz, ${after[1]}::text)`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(({ entry: r }) => ({
      id: r.id,
      action: r.action,
      actorEmail: r.actorEmail,
      targetType: r.targetType,
      targetId: r.targetId,
      data: r.data,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > opts.limit && last ? encodeCursor([last.key, last.entry.id]) : null,
  };
}
