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
import { accounts } from '../../db/schema/accounts.ts';
import { tenants } from '../../db/schema/tenants.ts';

export async function refreshAccountRollup(db: Database | Tx, accountId: string): Promise<void> {
  await db.execute(sql`select 1 from ${accounts} where id = ${accountId} for no key update`);
  await db.execute(sql`
    update ${accounts} acc set
      tenants_active = r.active,
      tenants_archived = r.archived,
      tenants_assessed = r.assessed,
      tenants_scored = r.scored,
      latest_score_sum = r.score_sum,
      open_assessments = r.open,
      open_tasks = r.tasks
    from (
      select
        count(*) filter (where archived_at is null)::int as active,
        count(*) filter (where archived_at is not null)::int as archived,
        count(*) filter (where archived_at is null and latest_assessment_id is not null)::int as assessed,
        count(latest_score) filter (where archived_at is null)::int as scored,
        coalesce(sum(latest_score) filter (where archived_at is null), 0) as score_sum,
        coalesce(sum(open_assessments) filter (where archived_at is null), 0)::int as open,
        coalesce(sum(open_tasks) filter (where archived_at is null), 0)::int as tasks
      from ${tenants} where account_id = ${accountId}
    ) r
    where acc.id = ${accountId}`);
}
