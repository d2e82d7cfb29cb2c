/**
 * What a client tenant keeps of its remediation tasks (tenants.open_tasks, next_task_due, open_task_dues, last_activity_at), so
 * the tenant list and the dashboard read them instead of counting tasks: called in the
 * transaction of every task change. One statement, then the account's sums (tenants.rollup.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { OPEN_TASK_STATUS_SQL, remediationTasks } from '../../db/schema/remediation.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { refreshAccountRollup } from '../tenants/tenants.rollup.ts';

export async function refreshTaskRollup(
  db: Database | Tx,
  scope: { accountId: string; tenantId: string },
): Promise<void> {
  await db.execute(sql`
    update ${tenants} t set open_tasks = r.open, next_task_due = r.next_due,
      open_task_dues = r.dues, last_activity_at = now()
    from (select count(*)::int as open, min(due_date) as next_due,
        coalesce(array_agg(due_date order by due_date) filter (where due_date is not null),
          '{}'::date[]) as dues
      from ${remediationTasks}
      where tenant_id = ${scope.tenantId} and account_id = ${scope.accountId}
        and status in (${OPEN_TASK_STATUS_SQL})) r
    where t.id = ${scope.tenantId} and t.account_id = ${scope.accountId}`);
  await refreshAccountRollup(db, scope.accountId);
}
