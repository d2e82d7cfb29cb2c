/**
 * Calendar feeds (docs/calendar.md): a person's secret `.ics` address for one account they
 * belong to. The management use cases act on the caller's own feed in the account of the
 * request; the feed itself (`feedCalendar`) takes no session — the token is the authority — and
 * reads the person's membership as it is now: their role and client-tenant access decide what
 * it lists, and without a membership (removed, or invited again after the feed was made) the
 * feed is gone (404). The secret is shown once; only its SHA-256 is kept.
 */
import { randomUUID } from 'node:crypto';
import {
  CALENDAR_ERROR_CODES,
  CALENDAR_FEED_LIMITS,
  CALENDAR_TOKEN_PATTERN,
  can,
  type AccountRole,
  type AssessmentStatus,
  type CalendarFeed,
  type CreatedCalendarFeed,
  type TaskStatus,
} from '@tenantry/shared';
import { and, eq, sql } from 'drizzle-orm';
import { ruleOf, tenantAccessSql } from '../../auth/tenant-access.ts';
import type { AccountContext } from '../../auth/types.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { accounts, memberships } from '../../db/schema/accounts.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { calendarFeeds } from '../../db/schema/calendar.ts';
import { OPEN_TASK_STATUS_SQL, remediationTasks } from '../../db/schema/remediation.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { AppError } from '../../lib/errors.ts';
import { newSecret, sha256Hex } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { feedIcs } from './ics.ts';

type Scope = Pick<AccountContext, 'accountId' | 'userId' | 'email' | 'apiKeyId'>;

const mine = (scope: Scope) =>
  and(eq(calendarFeeds.accountId, scope.accountId), eq(calendarFeeds.userId, scope.userId));

/** The feed's address: `/api/v1/calendar/<token>.ics` on the public URL. */
export const feedUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/v1/calendar/${token}.ics`;

export async function getCalendarFeed(db: Database, scope: Scope): Promise<CalendarFeed> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastFetchedAt: calendarFeeds.lastFetchedAt })
    .from(calendarFeeds)
    .where(mine(scope));
  return {
    feed: row
      ? {
          createdAt: row.createdAt.toISOString(),
          lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * A new secret address for the caller in this account, replacing their earlier one (which
 * stops at once). Audited with whether it replaced one.
 */
export async function createCalendarFeed(
  db: Database,
  scope: Scope,
  publicUrl: string,
): Promise<CreatedCalendarFeed> {
  const token = newSecret();
  const createdAt = new Date();
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(calendarFeeds)
      .where(mine(scope))
      .returning({ id: calendarFeeds.id });
    const id = randomUUID();
    await tx.insert(calendarFeeds).values({
      id,
      accountId: scope.accountId,
      userId: scope.userId,
      tokenHash: sha256Hex(token),
      createdAt,
    });
    await recordAudit(tx, scope, {
      action: 'calendar_feeds.created',
      targetType: 'calendar_feed',
      targetId: id,
      data: { replaced: gone.length > 0 },
    });
  });
  return { url: feedUrl(publicUrl, token), createdAt: createdAt.toISOString() };
}

/** Revokes the caller's address in this account (nothing to revoke: done all the same). */
export async function revokeCalendarFeed(db: Database, scope: Scope): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(calendarFeeds)
      .where(mine(scope))
      .returning({ id: calendarFeeds.id });
    const [row] = gone;
    if (!row) return;
    await recordAudit(tx, scope, {
      action: 'calendar_feeds.revoked',
      targetType: 'calendar_feed',
      targetId: row.id,
      data: {},
    });
  });
}

export const feedNotFound = () =>
  new AppError(
    CALENDAR_ERROR_CODES.feedNotFound,
    404,
    'No calendar feed at this address: it was revoked or replaced, or its person is no longer a member. Make a new one in Tenantry.',
  );

export interface LiveFeed {
  id: string;
  accountId: string;
  userId: string;
  accountName: string;
  role: AccountRole;
  mode: string;
  tenantIds: string[];
  tags: string[];
  stale: boolean;
}

/**
 * The feed behind an address, with its person's membership as it is now — one indexed
 * statement by the token's hash. Null when there is none: revoked or replaced, the person no
 * longer a member (or a member again only since), banned, or the account suspended.
 */
export async function liveFeed(db: Database, file: string): Promise<LiveFeed | null> {
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  if (!CALENDAR_TOKEN_PATTERN.test(token)) return null;
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select f.id, f.account_id, f.user_id, acc.name as account_name, m.role, m.tenant_access,
        m.tenant_access_ids, m.tenant_access_tags,
        (f.last_fetched_at is null or f.last_fetched_at < now() - interval '1 hour') as stale
      from ${calendarFeeds} f
      join ${memberships} m on m.account_id = f.account_id and m.user_id = f.user_id
        and m.created_at <= f.created_at
      join ${accounts} acc on acc.id = f.account_id and acc.suspended_at is null
      join ${users} u on u.id = f.user_id and not u.banned
      where f.token_hash = ${sha256Hex(token)}`,
  );
  if (!row) return null;
  return {
    id: String(row.id),
    accountId: String(row.account_id),
    userId: String(row.user_id),
    accountName: String(row.account_name),
    role: row.role as AccountRole,
    mode: String(row.tenant_access),
    tenantIds: (row.tenant_access_ids as string[] | null) ?? [],
    tags: (row.tenant_access_tags as string[] | null) ?? [],
    stale: row.stale === true,
  };
}

const when = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/**
 * The iCalendar text of a live feed: the open assessments with a due date (from
 * CALENDAR_FEED_LIMITS.pastDays ago on) on the active client tenants its person reaches, and
 * the open remediation tasks with a due date assigned to them there. Two statements on the
 * partial indexes by due date (`assessments_account_due_idx`, `remediation_tasks_assignee_due_idx`).
 */
export async function feedCalendar(
  db: Database,
  feed: LiveFeed,
  publicUrl: string,
  now = new Date(),
): Promise<string> {
  if (!can(feed.role, 'tenants.read')) throw feedNotFound();
  const access = {
    tenantAccess: ruleOf({
      role: feed.role,
      mode: feed.mode,
      tenantIds: feed.tenantIds,
      tags: feed.tags,
    }),
  };
  const reached = tenantAccessSql(access, { id: sql`t.id`, tags: sql`t.tags` });
  const since = new Date(now.getTime() - CALENDAR_FEED_LIMITS.pastDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const [assessmentRows, taskRows] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select a.id, a.tenant_id, t.name as tenant_name, a.name, a.framework_name, a.status,
          to_char(a.due_date, 'YYYY-MM-DD') as due_date, a.answered, a.total, a.updated_at,
          coalesce(nullif(u.name, ''), u.email) as owner_name
        from ${assessments} a
        join ${tenants} t on t.id = a.tenant_id and t.account_id = a.account_id
        left join ${users} u on u.id = a.owner_id
        where a.account_id = ${feed.accountId} and a.status <> 'completed'
          and a.due_date is not null and a.due_date >= ${since}::date
          and t.archived_at is null and ${reached}
        order by a.due_date, a.id
        limit ${CALENDAR_FEED_LIMITS.maxEvents}`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select rt.id, rt.tenant_id, t.name as tenant_name, rt.title, rt.status,
          to_char(rt.due_date, 'YYYY-MM-DD') as due_date, rt.updated_at
        from ${remediationTasks} rt
        join ${tenants} t on t.id = rt.tenant_id and t.account_id = rt.account_id
        where rt.assignee_id = ${feed.userId} and rt.account_id = ${feed.accountId}
          and rt.status in (${OPEN_TASK_STATUS_SQL}) and rt.due_date is not null
          and rt.due_date >= ${since}::date and t.archived_at is null and ${reached}
        order by rt.due_date, rt.id
        limit ${CALENDAR_FEED_LIMITS.maxEvents}`,
    ),
  ]);
  return feedIcs({
    publicUrl,
    accountName: feed.accountName,
    assessments: assessmentRows.map((r) => ({
      id: String(r.id),
      tenantId: String(r.tenant_id),
      tenantName: String(r.tenant_name),
      name: String(r.name),
      frameworkName: String(r.framework_name),
      status: r.status as AssessmentStatus,
      dueDate: String(r.due_date),
      answered: Number(r.answered),
      total: Number(r.total),
      ownerName: r.owner_name == null ? null : String(r.owner_name),
      updatedAt: when(r.updated_at),
    })),
    tasks: taskRows.map((r) => ({
      id: String(r.id),
      tenantId: String(r.tenant_id),
      tenantName: String(r.tenant_name),
      title: String(r.title),
      status: r.status as TaskStatus,
      dueDate: String(r.due_date),
      updatedAt: when(r.updated_at),
    })),
  });
}

/** Notes that a calendar fetched the feed: at most one write an hour per feed. */
export async function markFetched(db: Database, feed: LiveFeed): Promise<void> {
  if (!feed.stale) return;
  await db
    .update(calendarFeeds)
    .set({ lastFetchedAt: new Date() })
    .where(eq(calendarFeeds.id, feed.id));
}
