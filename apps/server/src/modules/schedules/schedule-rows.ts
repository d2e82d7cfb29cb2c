/**
 * What the schedule services share (not a service): the visibility condition, the joined read
 * and the row as the API shows it, with its next dates and latest runs.
 */
import {
  isRestricted,
  occurrencesFrom,
  SCHEDULE_ERROR_CODES,
  SCHEDULE_LIMITS,
  type Schedule,
  type ScheduleRun,
} from '@tenantry/shared';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { tenantAccessWhere, type TenantScope } from '../../auth/tenant-access.ts';
import type { Database, Tx } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { frameworks } from '../../db/schema/content.ts';
import { assessmentSchedules, scheduleRuns } from '../../db/schema/schedules.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { AppError } from '../../lib/errors.ts';

type Db = Database | Tx;
export type ScheduleRow = typeof assessmentSchedules.$inferSelect;

/** Who reads schedules: the account, and the client tenants the caller reaches. */
export interface ScheduleScope extends TenantScope {
  accountId: string;
}

export const scheduleNotFound = () =>
  new AppError(SCHEDULE_ERROR_CODES.notFound, 404, 'There is no such schedule.');

/** Whether the caller reaches every client tenant (schedules by tag are theirs only). */
export const reachesAll = (scope: TenantScope): boolean =>
  !scope.onlyTenantId && !isRestricted(scope.tenantAccess);

/**
 * The schedules the caller may see: the account's, a tenant's only when the tenant is within
 * the caller's access, a tag's only for a caller who reaches every tenant. Reads `tenants`
 * (left-joined on the schedule's tenant).
 */
export function visible(scope: ScheduleScope): SQL {
  const onTenant = and(isNotNull(assessmentSchedules.tenantId), tenantAccessWhere(scope));
  return and(
    eq(assessmentSchedules.accountId, scope.accountId),
    reachesAll(scope) ? undefined : onTenant,
  )!;
}

const ownerName = sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`;

/** Schedules with what they show, by `where` (already scoped by the caller). */
export async function readSchedules(db: Db, where: SQL): Promise<Schedule[]> {
  const rows = await db
    .select({
      s: assessmentSchedules,
      tenantName: tenants.name,
      frameworkName: frameworks.name,
      latestVersion: frameworks.latestVersion,
      ownerName,
    })
    .from(assessmentSchedules)
    .leftJoin(
      tenants,
      and(
        eq(tenants.id, assessmentSchedules.tenantId),
        eq(tenants.accountId, assessmentSchedules.accountId),
      ),
    )
    .innerJoin(frameworks, eq(frameworks.id, assessmentSchedules.frameworkId))
    .leftJoin(users, eq(users.id, assessmentSchedules.ownerId))
    .where(where)
    .orderBy(
      sql`case ${assessmentSchedules.status} when 'active' then 0 when 'paused' then 1 else 2 end`,
      assessmentSchedules.nextCreateOn,
      desc(assessmentSchedules.createdAt),
    );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.s.id);
  const accountId = rows[0]!.s.accountId;
  const tags = [...new Set(rows.map((r) => r.s.tag).filter((t): t is string => t !== null))];
  const [runs, failing, tagCounts] = await Promise.all([
    latestRuns(db, accountId, ids),
    db
      .select({ id: scheduleRuns.scheduleId, n: sql<number>`count(*)::int` })
      .from(scheduleRuns)
      .where(
        and(
          eq(scheduleRuns.accountId, accountId),
          inArray(scheduleRuns.scheduleId, ids),
          eq(scheduleRuns.status, 'failed'),
        ),
      )
      .groupBy(scheduleRuns.scheduleId),
    tags.length
      ? db
          .select({ tag: sql<string>`tg`, n: sql<number>`count(*)::int` })
          .from(sql`${tenants}, unnest(${tenants.tags}) as tg`)
          .where(
            and(
              eq(tenants.accountId, accountId),
              isNull(tenants.archivedAt),
              inArray(sql`tg`, tags),
            ),
          )
          .groupBy(sql`tg`)
      : Promise.resolve([]),
  ]);
  const failingBy = new Map(failing.map((f) => [f.id, f.n]));
  const countBy = new Map(tagCounts.map((c) => [c.tag, c.n]));
  return rows.map(({ s, tenantName, frameworkName, latestVersion, ownerName: owner }) => ({
    id: s.id,
    tenant: s.tenantId ? { id: s.tenantId, name: tenantName ?? '' } : null,
    tag: s.tag,
    tenantCount: s.tag ? (countBy.get(s.tag) ?? 0) : 1,
    framework: { id: s.frameworkId, name: frameworkName, latestVersion: latestVersion ?? 1 },
    scope: s.scope,
    targets: s.targets,
    cadence: s.cadence,
    everyMonths: s.everyMonths,
    anchorDueDate: s.anchorDueDate,
    leadDays: s.leadDays,
    owner: s.ownerId && owner ? { id: s.ownerId, name: owner } : null,
    reinviteRespondents: s.reinviteRespondents,
    useNewestVersion: s.useNewestVersion,
    status: s.status,
    revision: s.revision,
    next:
      s.status === 'active' && s.nextDueDate
        ? occurrencesFrom(s, s.nextDueDate, SCHEDULE_LIMITS.nextDates)
        : [],
    runs: runs.get(s.id) ?? [],
    failing: failingBy.get(s.id) ?? 0,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    endedAt: s.endedAt?.toISOString() ?? null,
  }));
}

/** The latest runs of each schedule (failed ones first), newest first. */
async function latestRuns(
  db: Db,
  accountId: string,
  ids: string[],
): Promise<Map<string, ScheduleRun[]>> {
  const ranked = db
    .select({
      scheduleId: scheduleRuns.scheduleId,
      tenantId: scheduleRuns.tenantId,
      tenantName: sql<string>`${tenants.name}`.as('tenant_name'),
      period: scheduleRuns.period,
      status: scheduleRuns.status,
      assessmentId: scheduleRuns.assessmentId,
      assessmentName: sql<string | null>`${assessments.name}`.as('assessment_name'),
      attempts: scheduleRuns.attempts,
      error: scheduleRuns.error,
      at: scheduleRuns.updatedAt,
      rank: sql<number>`row_number() over (partition by ${scheduleRuns.scheduleId}
        order by (${scheduleRuns.status} = 'failed') desc, ${scheduleRuns.period} desc, ${scheduleRuns.updatedAt} desc)`.as(
        'rank',
      ),
    })
    .from(scheduleRuns)
    .innerJoin(tenants, eq(tenants.id, scheduleRuns.tenantId))
    .leftJoin(
      assessments,
      and(
        eq(assessments.id, scheduleRuns.assessmentId),
        eq(assessments.accountId, scheduleRuns.accountId),
      ),
    )
    .where(and(eq(scheduleRuns.accountId, accountId), inArray(scheduleRuns.scheduleId, ids)))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${SCHEDULE_LIMITS.runsShown}`)
    .orderBy(ranked.scheduleId, ranked.rank);
  const out = new Map<string, ScheduleRun[]>();
  for (const r of rows) {
    const list = out.get(r.scheduleId) ?? [];
    list.push({
      tenant: { id: r.tenantId, name: r.tenantName },
      period: r.period,
      status: r.status,
      assessment:
        r.assessmentId && r.assessmentName ? { id: r.assessmentId, name: r.assessmentName } : null,
      attempts: r.attempts,
      error: r.error,
      at: r.at.toISOString(),
    });
    out.set(r.scheduleId, list);
  }
  return out;
}

/** The schedules of one client tenant: its own, and (for a caller reaching all) its tags'. */
export function ofTenant(scope: ScheduleScope, tenantId: string): SQL {
  return and(
    visible(scope),
    or(
      eq(assessmentSchedules.tenantId, tenantId),
      reachesAll(scope)
        ? sql`${assessmentSchedules.tag} = any(select unnest(t2.tags) from ${tenants} t2
            where t2.id = ${tenantId} and t2.account_id = ${scope.accountId})`
        : undefined,
    ),
  )!;
}
