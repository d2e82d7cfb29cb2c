/**
 * What an account keeps of its client tenants for the dashboard (accounts.tenants_*,
 * latest_score_sum, open_assessments, open_tasks), so the dashboard reads one row instead of aggregating
 * thousands of tenants. Called in the transaction of every change of a tenant (created,
 * archived, restored) or of what it keeps of its assessments (assessments.rollup.ts).
 *
 * The account row is locked first (`for no key update`: it does not wait for the key-share
 * locks that inserting a tenant takes on it), by its own statement, and the sums are then computed by a
 * new statement: under READ COMMITTED that one sees every transaction that refreshed before
 * (they held the lock until they committed), so two concurrent changes cannot leave a stale sum.
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { accountMonths, accounts } from '../../db/schema/accounts.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { tenants } from '../../db/schema/tenants.ts';

/** Months of the dashboard's trend recomputed on refresh (one more than it shows). */
const MONTHS_KEPT = 13;

/** The first day (UTC) of the month `back` months before `now`'s, and its `YYYY-MM`. */
function monthStart(now: Date, back: number) {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return { at: d.toISOString(), month: d.toISOString().slice(0, 7) };
}

export async function refreshAccountRollup(
  db: Database | Tx,
  accountId: string,
  opts: { months?: boolean } = {},
): Promise<void> {
  await db.execute(sql`select 1 from ${accounts} where id = ${accountId} for no key update`);
  if (opts.months) await refreshMonths(db, accountId);
  await db.execute(sql`
    update ${accounts} acc set
      tenants_active = r.active,
      tenants_archived = r.archived,
      tenants_assessed = r.assessed,
      tenants_scored = r.scored,
      latest_score_sum = r.score_sum,
      open_assessments = r.open,
      open_tasks = r.tasks,
      assessments_completed = r.completed
    from (
      select
        count(*) filter (where archived_at is null)::int as active,
        count(*) filter (where archived_at is not null)::int as archived,
        count(*) filter (where archived_at is null and latest_assessment_id is not null)::int as assessed,
        count(latest_score) filter (where archived_at is null)::int as scored,
        coalesce(sum(latest_score) filter (where archived_at is null), 0) as score_sum,
        coalesce(sum(open_assessments) filter (where archived_at is null), 0)::int as open,
        coalesce(sum(open_tasks) filter (where archived_at is null), 0)::int as tasks,
        coalesce(sum(completed_assessments), 0)::int as completed
      from ${tenants} where account_id = ${accountId}
    ) r
    where acc.id = ${accountId}`);
}

/**
 * The trend's months (`account_months`) of the last MONTHS_KEPT months, recomputed from the
 * account's completed assessments (index `assessments_account_status_idx`); called under the
 * account row's lock, so concurrent refreshes take turns.
 */
async function refreshMonths(db: Database | Tx, accountId: string, now = new Date()) {
  const since = monthStart(now, MONTHS_KEPT - 1);
  await db.execute(sql`
    with fresh as (
      select to_char(date_trunc('month', completed_at at time zone 'UTC'), 'YYYY-MM') as month,
        count(*)::int as completed, count(score)::int as scored,
        coalesce(sum(score), 0) as score_sum
      from ${assessments}
      where account_id = ${accountId} and status = 'completed'
        and completed_at >= ${since.at}::timestamptz
      group by 1
    ), gone as (
      delete from ${accountMonths} m
      where m.account_id = ${accountId} and m.month >= ${since.month}
        and m.month not in (select month from fresh)
    )
    insert into ${accountMonths} (account_id, month, completed, scored, score_sum)
    select ${accountId}, month, completed, scored, score_sum from fresh
    on conflict (account_id, month) do update set completed = excluded.completed,
      scored = excluded.scored, score_sum = excluded.score_sum`);
}
