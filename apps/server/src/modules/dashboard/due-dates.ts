/**
 * The dashboard's due dates (docs/dashboard.md): the account's open assessments on active
 * client tenants by due date against today (UTC) — overdue, today, this week (the next 6 days),
 * upcoming (to DASHBOARD_LIMITS.upcomingDays) — counted, and the first few of each group listed.
 * Two statements, both range scans of the partial index `assessments_account_due_idx` (open
 * assessments with a due date, per account, by date), limited to the caller's client tenants.
 */
import {
  DASHBOARD_LIMITS,
  type AssessmentStatus,
  type Dashboard,
  type DueGroup,
} from '@tenantry/shared';
import { sql } from 'drizzle-orm';
import { tenantAccessSql, type TenantScope } from '../../auth/tenant-access.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { users } from '../../db/schema/auth.ts';
import { tenants } from '../../db/schema/tenants.ts';

/** A UTC day (`YYYY-MM-DD`) `n` days after `day`. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The groups' first and last days (inclusive), from today. */
export function dueRanges(today: string): Record<DueGroup, [string, string]> {
  return {
    overdue: ['0001-01-01', addDays(today, -1)],
    today: [today, today],
    week: [addDays(today, 1), addDays(today, 6)],
    upcoming: [addDays(today, 7), addDays(today, DASHBOARD_LIMITS.upcomingDays)],
  };
}

const T = { id: sql`t.id`, tags: sql`t.tags` };
const num = (v: unknown): number | null => (v == null ? null : Number(v));

export async function dueDates(
  db: Database,
  scope: TenantScope & { accountId: string },
  today: string,
): Promise<Dashboard['dueDates']> {
  const { accountId } = scope;
  const r = dueRanges(today);
  const open = sql`a.account_id = ${accountId} and a.status <> 'completed'
    and a.due_date is not null and t.archived_at is null and ${tenantAccessSql(scope, T)}`;
  const [counts, items] = await Promise.all([
    queryRows<Record<DueGroup, number>>(
      db,
      sql`select
          count(*) filter (where a.due_date < ${today}::date)::int as overdue,
          count(*) filter (where a.due_date = ${today}::date)::int as today,
          count(*) filter (where a.due_date > ${today}::date
            and a.due_date <= ${r.week[1]}::date)::int as week,
          count(*) filter (where a.due_date > ${r.week[1]}::date)::int as upcoming
        from ${assessments} a
        join ${tenants} t on t.id = a.tenant_id and t.account_id = a.account_id
        where ${open} and a.due_date <= ${r.upcoming[1]}::date`,
      { prepared: true },
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select g.grp, d.* from (values
          ('overdue', ${r.overdue[0]}::date, ${r.overdue[1]}::date, 1),
          ('today', ${r.today[0]}::date, ${r.today[1]}::date, 2),
          ('week', ${r.week[0]}::date, ${r.week[1]}::date, 3),
          ('upcoming', ${r.upcoming[0]}::date, ${r.upcoming[1]}::date, 4)
        ) g(grp, lo, hi, pos)
        cross join lateral (
          select a.id, a.tenant_id, t.name as tenant_name, a.name, a.status,
            to_char(a.due_date, 'YYYY-MM-DD') as due, a.completion, a.answered, a.total,
            a.owner_id, coalesce(nullif(u.name, ''), u.email) as owner_name
          from ${assessments} a
          join ${tenants} t on t.id = a.tenant_id and t.account_id = a.account_id
          left join ${users} u on u.id = a.owner_id
          where ${open} and a.due_date between g.lo and g.hi
          order by a.due_date, a.id
          limit ${DASHBOARD_LIMITS.dueDates}
        ) d
        order by g.pos, d.due, d.id`,
      { prepared: true },
    ),
  ]);
  const c = counts[0];
  return {
    today,
    counts: {
      overdue: Number(c?.overdue ?? 0),
      today: Number(c?.today ?? 0),
      week: Number(c?.week ?? 0),
      upcoming: Number(c?.upcoming ?? 0),
    },
    items: items.map((row) => ({
      id: String(row.id),
      tenantId: String(row.tenant_id),
      tenantName: String(row.tenant_name),
      name: String(row.name),
      status: row.status as AssessmentStatus,
      dueDate: String(row.due),
      group: row.grp as DueGroup,
      completion: num(row.completion),
      answered: Number(row.answered),
      total: Number(row.total),
      owner:
        row.owner_id && row.owner_name
          ? { id: String(row.owner_id), name: String(row.owner_name) }
          : null,
    })),
  };
}
