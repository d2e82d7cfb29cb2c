/**
 * What a client tenant keeps of its assessments (tenants.latest_*, open_assessments,
 * next_assessment_due and completed_assessments; the account's months of completed
 * assessments), so
 * the tenant list and the dashboard read values kept up to date on write instead of
 * aggregating assessments: called in the transaction of every change that can move them
 * (an assessment started, completed, reopened or deleted, or its due date changed). One statement, then the account's
 * sums (tenants.rollup.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { refreshAccountRollup } from '../tenants/tenants.rollup.ts';

export async function refreshTenantRollup(
  db: Database | Tx,
  scope: { accountId: string; tenantId: string },
): Promise<void> {
  await db.execute(sql`
    update ${tenants} t set
      open_assessments = (select count(*) from ${assessments} a
        where a.tenant_id = t.id and a.account_id = t.account_id and a.status <> 'completed'),
      next_assessment_due = (select min(a.due_date) from ${assessments} a
        where a.tenant_id = t.id and a.account_id = t.account_id and a.status <> 'completed'),
      completed_assessments = (select count(*) from ${assessments} a
        where a.tenant_id = t.id and a.account_id = t.account_id and a.status = 'completed'),
      latest_assessment_id = l.id,
      latest_score = l.score,
      latest_gaps = l.gaps,
      latest_completed_at = l.completed_at
    from (select x.* from (select 1) one left join lateral (
        select a.id, a.score, jsonb_array_length(a.progress->'gaps') as gaps, a.completed_at
        from ${assessments} a
        where a.tenant_id = ${scope.tenantId} and a.account_id = ${scope.accountId}
          and a.status = 'completed'
        order by a.completed_at desc nulls last, a.id desc limit 1
      ) x on true) l
    where t.id = ${scope.tenantId} and t.account_id = ${scope.accountId}`);
  await refreshAccountRollup(db, scope.accountId, { months: true });
}
