/**
 * The account's dashboard (docs/dashboard.md). Every figure comes from values kept up to date
 * on write — the account's sums of its tenants (tenants.rollup.ts), the tenants' latest
 * completed assessment and open count (assessments.rollup.ts), the assessments' own scores —
 * in a few indexed statements scoped to the account; nothing is recomputed from answers.
 */
import {
  DASHBOARD_LIMITS,
  type AssessmentStatus,
  type Dashboard,
  type TaskPriority,
  type TaskStatus,
  isProvisional,
} from '@tenantry/shared';
import { sql, type SQL } from 'drizzle-orm';
import { limited, tenantAccessSql, type TenantScope } from '../../auth/tenant-access.ts';
import type { AccountContext } from '../../auth/types.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { accountMonths, accounts } from '../../db/schema/accounts.ts';
import { assessments, respondents } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { OPEN_TASK_STATUS_SQL, remediationTasks } from '../../db/schema/remediation.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { today } from '../remediation/tasks.service.ts';
import { dueDates } from './due-dates.ts';
import { expiringEvidence } from '../evidence-expiry/evidence-expiry.service.ts';

const num = (v: unknown): number | null => (v == null ? null : Number(v));
const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** The last `n` months as `YYYY-MM` (UTC), oldest first, this one last. */
export function lastMonths(now: Date, n: number): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

/** The tenant alias `t` of the statements below, for the access predicate. */
const T = { id: sql`t.id`, tags: sql`t.tags` };

/**
 * The account's sums (tenants.rollup.ts) — or, for a caller limited to some client tenants
 * (docs/members.md), the same sums over the per-tenant figures of the tenants they reach:
 * each tenant keeps its own (assessments.rollup.ts), so this is one indexed pass over the
 * account's tenants, never over assessments.
 */
function countsSql(scope: TenantScope & { accountId: string }): SQL {
  const { accountId } = scope;
  if (!limited(scope)) {
    return sql`select tenants_active as active, tenants_archived as archived,
        tenants_assessed as assessed, tenants_scored as scored,
        latest_score_sum as score_sum, open_assessments as open, open_tasks,
        assessments_completed as completed
      from ${accounts} where id = ${accountId}`;
  }
  return sql`select
      count(*) filter (where archived_at is null)::int as active,
      count(*) filter (where archived_at is not null)::int as archived,
      count(*) filter (where archived_at is null and latest_assessment_id is not null)::int as assessed,
      count(latest_score) filter (where archived_at is null)::int as scored,
      coalesce(sum(latest_score) filter (where archived_at is null), 0) as score_sum,
      coalesce(sum(open_assessments) filter (where archived_at is null), 0)::int as open,
      coalesce(sum(open_tasks) filter (where archived_at is null), 0)::int as open_tasks,
      coalesce(sum(completed_assessments), 0)::int as completed
    from ${tenants} t where t.account_id = ${accountId} and ${tenantAccessSql(scope, T)}`;
}

/**
 * The trend's months: the account's (account_months), or for a limited caller the completed
 * assessments of their tenants in those months (index `assessments_account_status_idx`).
 */
function trendSql(scope: TenantScope & { accountId: string }, since: string): SQL {
  const { accountId } = scope;
  if (!limited(scope)) {
    return sql`select month, completed, case when scored > 0 then score_sum / scored end as average
      from ${accountMonths}
      where account_id = ${accountId} and month >= ${since}`;
  }
  return sql`select to_char(date_trunc('month', a.completed_at at time zone 'UTC'), 'YYYY-MM') as month,
      count(*)::int as completed, avg(a.score) as average
    from ${assessments} a
    join ${tenants} t on t.id = a.tenant_id and t.account_id = a.account_id
    where a.account_id = ${accountId} and a.status = 'completed'
      and a.completed_at >= ${`${since}-01T00:00:00Z`}::timestamptz
      and ${tenantAccessSql(scope, T)}
    group by 1`;
}

export async function getDashboard(
  db: Database,
  scope: Pick<AccountContext, 'accountId' | 'tenantAccess' | 'onlyTenantId'>,
  now = new Date(),
): Promise<Dashboard> {
  const { accountId } = scope;
  const months = lastMonths(now, DASHBOARD_LIMITS.months);
  const day = today(now);
  // Every list below reads tenants as `t`: limited to the caller's client tenants.
  const reached = tenantAccessSql(scope, T);
  const overdueWhere = sql`rt.account_id = ${accountId} and rt.status in (${OPEN_TASK_STATUS_SQL})
    and rt.due_date is not null and rt.due_date < ${day}::date and t.archived_at is null
    and ${reached}`;
  const [counts, open, trend, gaps, overdueCount, overdue, respondentRows, due, evidence] =
    await Promise.all([
      queryRows<Record<string, unknown>>(db, countsSql(scope), { prepared: true }),

      queryRows<Record<string, unknown>>(
        db,
        sql`select a.id, a.tenant_id, t.name as tenant_name, a.name, a.status, a.score,
          a.completion, a.answered, a.total, a.due_date, a.updated_at
        from ${assessments} a
        join ${tenants} t on t.id = a.tenant_id and t.account_id = a.account_id
        where a.account_id = ${accountId} and a.status <> 'completed' and t.archived_at is null
          and ${reached}
        order by a.updated_at desc nulls last, a.id desc nulls last
        limit ${DASHBOARD_LIMITS.open}`,
        { prepared: true },
      ),
      queryRows<Record<string, unknown>>(db, trendSql(scope, months[0] ?? ''), { prepared: true }),
      queryRows<Record<string, unknown>>(
        db,
        sql`select id, name, latest_assessment_id, latest_score, latest_gaps, latest_completed_at
        from ${tenants} t
        where account_id = ${accountId} and archived_at is null and latest_gaps > 0
          and latest_assessment_id is not null and ${reached}
        order by latest_gaps desc, latest_score asc nulls last, id
        limit ${DASHBOARD_LIMITS.gaps}`,
        { prepared: true },
      ),
      queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${remediationTasks} rt
        join ${tenants} t on t.id = rt.tenant_id and t.account_id = rt.account_id
        where ${overdueWhere}`,
        { prepared: true },
      ),
      queryRows<Record<string, unknown>>(
        db,
        sql`select rt.id, rt.tenant_id, t.name as tenant_name, rt.title, rt.status, rt.priority,
          to_char(rt.due_date, 'YYYY-MM-DD') as due, rt.assignee_id,
          coalesce(nullif(u.name, ''), u.email) as assignee_name
        from ${remediationTasks} rt
        join ${tenants} t on t.id = rt.tenant_id and t.account_id = rt.account_id
        left join ${users} u on u.id = rt.assignee_id
        where ${overdueWhere}
        order by rt.due_date, rt.id
        limit ${DASHBOARD_LIMITS.overdue}`,
        { prepared: true },
      ),
      // Through the account's assessments (indexed by account), then each one's respondents.
      queryRows<{ any: boolean }>(
        db,
        sql`select exists (
          select 1 from ${assessments} a
          join ${respondents} r on r.assessment_id = a.id and r.account_id = a.account_id
          ${limited(scope) ? sql`join ${tenants} t on t.id = a.tenant_id and t.account_id = a.account_id` : sql``}
          where a.account_id = ${accountId} and ${reached}
        ) as any`,
        { prepared: true },
      ),
      dueDates(db, scope, day),
      expiringEvidence(db, scope, day),
    ]);
  const c = counts[0] ?? {};
  const byMonth = new Map(trend.map((r) => [String(r.month), r]));
  return {
    tenants: {
      active: Number(c.active ?? 0),
      archived: Number(c.archived ?? 0),
      assessed: Number(c.assessed ?? 0),
    },
    averageScore: Number(c.scored ?? 0) > 0 ? Number(c.score_sum) / Number(c.scored) : null,
    assessments: {
      open: Number(c.open ?? 0),
      completed: Number(c.completed ?? 0),
      hasRespondents: respondentRows[0]?.any === true,
    },
    openAssessments: open.map((r) => ({
      id: String(r.id),
      tenantId: String(r.tenant_id),
      tenantName: String(r.tenant_name),
      name: String(r.name),
      status: r.status as AssessmentStatus,
      score: num(r.score),
      completion: num(r.completion),
      answered: Number(r.answered),
      total: Number(r.total),
      provisional: isProvisional(String(r.status)),
      dueDate: r.due_date == null ? null : String(r.due_date).slice(0, 10),
      updatedAt: iso(r.updated_at),
    })),
    trend: months.map((month) => {
      const r = byMonth.get(month);
      return {
        month,
        completed: Number(r?.completed ?? 0),
        averageScore: num(r?.average),
      };
    }),
    largestGaps: gaps.map((r) => ({
      tenantId: String(r.id),
      tenantName: String(r.name),
      assessmentId: String(r.latest_assessment_id),
      score: num(r.latest_score),
      gaps: Number(r.latest_gaps),
      completedAt: iso(r.latest_completed_at),
    })),
    dueDates: due,
    evidence,
    remediation: {
      open: Number(c.open_tasks ?? 0),
      overdue: Number(overdueCount[0]?.n ?? 0),
      overdueTasks: overdue.map((r) => ({
        id: String(r.id),
        tenantId: String(r.tenant_id),
        tenantName: String(r.tenant_name),
        title: String(r.title),
        status: r.status as TaskStatus,
        priority: r.priority as TaskPriority,
        dueDate: String(r.due),
        assignee:
          r.assignee_id && r.assignee_name
            ? { id: String(r.assignee_id), name: String(r.assignee_name) }
            : null,
      })),
    },
  };
}
