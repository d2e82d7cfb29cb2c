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
import { sql } from 'drizzle-orm';
import type { AccountContext } from '../../auth/types.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { accountMonths, accounts } from '../../db/schema/accounts.ts';
import { assessments, respondents } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { OPEN_TASK_STATUS_SQL, remediationTasks } from '../../db/schema/remediation.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { today } from '../remediation/tasks.service.ts';

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

export async function getDashboard(
  db: Database,
  scope: Pick<AccountContext, 'accountId'>,
  now = new Date(),
): Promise<Dashboard> {
  const { accountId } = scope;
  const months = lastMonths(now, DASHBOARD_LIMITS.months);
  const day = today(now);
  const overdueWhere = sql`rt.account_id = ${accountId} and rt.status in (${OPEN_TASK_STATUS_SQL})
    and rt.due_date is not null and rt.due_date < ${day}::date and t.archived_at is null`;
  const [counts, open, trend, gaps, overdueCount, overdue, respondentRows] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select tenants_active as active, tenants_archived as archived,
          tenants_assessed as assessed, tenants_scored as scored,
          latest_score_sum as score_sum, open_assessments as open, open_tasks,
          assessments_completed as completed
        from ${accounts} where id = ${accountId}`,
    ),

    queryRows<Record<string, unknown>>(
      db,
      sql`select a.id, a.tenant_id, t.name as tenant_name, a.name, a.status, a.score,
          a.completion, a.answered, a.total, a.due_date, a.updated_at
        from ${assessments} a
        join ${tenants} t on t.id = a.tenant_id and t.account_id = a.account_id
        where a.account_id = ${accountId} and a.status <> 'completed' and t.archived_at is null
        order by a.updated_at desc nulls last, a.id desc nulls last
        limit ${DASHBOARD_LIMITS.open}`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select month, completed, case when scored > 0 then score_sum / scored end as average
        from ${accountMonths}
        where account_id = ${accountId} and month >= ${months[0]}`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select id, name, latest_assessment_id, latest_score, latest_gaps, latest_completed_at
        from ${tenants}
        where account_id = ${accountId} and archived_at is null and latest_gaps > 0
          and latest_assessment_id is not null
        order by latest_gaps desc, latest_score asc nulls last, id
        limit ${DASHBOARD_LIMITS.gaps}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${remediationTasks} rt
        join ${tenants} t on t.id = rt.tenant_id and t.account_id = rt.account_id
        where ${overdueWhere}`,
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
    ),
    // Through the account's assessments (indexed by account), then each one's respondents.
    queryRows<{ any: boolean }>(
      db,
      sql`select exists (
          select 1 from ${assessments} a
          join ${respondents} r on r.assessment_id = a.id and r.account_id = a.account_id
          where a.account_id = ${accountId}
        ) as any`,
    ),
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
