/**
 * What a client tenant keeps of its assessments (tenants.latest_*, open_assessments,
 * next_assessment_due and completed_assessments; the account's months of completed
 * assessments), so
 * the tenant list and the dashboard read values kept up to date on write instead of
 * aggregating assessments: called in the transaction of every change that can move them
 * (an assessment started, completed, reopened or deleted, or its due date changed). One statement, then the account's
 * sums (tenants.rollup.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { assessments } from '../../db/schema/assessments.ts';
import { tenantBaselines } from '../../db/schema/baseline.ts';
import { frameworkVersions } from '../../db/schema/content.ts';
import { tenants, tenantSections } from '../../db/schema/tenants.ts';
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
      latest_completed_at = l.completed_at,
      last_activity_at = now()
    from (select x.* from (select 1) one left join lateral (
        select a.id, a.score, jsonb_array_length(a.progress->'gaps') as gaps, a.completed_at
        from ${assessments} a
        where a.tenant_id = ${scope.tenantId} and a.account_id = ${scope.accountId}
          and a.status = 'completed'
        order by a.completed_at desc nulls last, a.id desc limit 1
      ) x on true) l
    where t.id = ${scope.tenantId} and t.account_id = ${scope.accountId}`);
  await refreshTenantPosture(db, scope);
  await refreshAccountRollup(db, scope.accountId, { months: true });
}

/**
 * The top-level sections in scope of assessment `a` (a row alias with framework_id,
 * framework_version, progress), in the framework's order, with each one's weight, the score
 * and target it keeps: `[{key, title, weight, score, target}]` (PostureSection).
 */
export function topSections(a: SQL) {
  return sql`(select coalesce(jsonb_agg(jsonb_build_object(
        'key', s.value->>'key', 'title', s.value->>'title',
        'weight', coalesce((s.value->>'weight')::float8, 1),
        'score', ${a}.progress->'sections'->(s.value->>'key')->'score',
        'target', ${a}.progress->'sections'->(s.value->>'key')->'target') order by s.n), '[]'::jsonb)
      from ${frameworkVersions} fv
      cross join lateral json_array_elements(fv.document->'sections') with ordinality s(value, n)
      where fv.framework_id = ${a}.framework_id and fv.version = ${a}.framework_version
        and ${a}.progress->'sections'->(s.value->>'key') is not null)`;
}

/**
 * What the portfolio shows of a tenant (docs/portfolio.md), from the assessment rows as they
 * are (no answer is read, no score recomputed): the latest completed assessment's completion,
 * framework and top-level sections, how many sections are below target, and the overall
 * change since the baseline made like with like (SCORING.md, compareOverall: each side's
 * weighted mean over the top-level sections both score; null when nothing is compared, there
 * is no baseline, it is of another framework, or it is the latest itself). Called by
 * refreshTenantRollup and when the baseline is set or cleared.
 */
export async function refreshTenantPosture(
  db: Database | Tx,
  scope: { accountId: string; tenantId: string },
): Promise<void> {
  await db.execute(sql`
    update ${tenants} t set
      latest_completion = l.completion,
      latest_framework_id = l.framework_id,
      latest_framework_name = l.framework_name,
      latest_sections = l.sections,
      sections_below = (select count(*) from jsonb_array_elements(l.sections) e
        where jsonb_typeof(e->'score') = 'number' and jsonb_typeof(e->'target') = 'number'
          and (e->>'score')::float8 < (e->>'target')::float8),
      baseline_delta = (select sum((x->>'weight')::float8 * (x->>'score')::float8)
            / nullif(sum((x->>'weight')::float8), 0)
          - sum((y->>'weight')::float8 * (y->>'score')::float8)
            / nullif(sum((y->>'weight')::float8), 0)
        from jsonb_array_elements(l.sections) x
        join jsonb_array_elements(l.baseline_sections) y on y->>'key' = x->>'key'
        where jsonb_typeof(x->'score') = 'number' and jsonb_typeof(y->'score') = 'number'),
      last_activity_at = now()
    from (select x.completion, x.framework_id, x.framework_name,
        coalesce(x.sections, '[]'::jsonb) as sections,
        coalesce(b.sections, '[]'::jsonb) as baseline_sections
      from (select 1) one
      left join lateral (
        select a.id, a.completion, a.framework_id, a.framework_name, ${topSections(sql`a`)} as sections
        from ${assessments} a
        where a.tenant_id = ${scope.tenantId} and a.account_id = ${scope.accountId}
          and a.status = 'completed'
        order by a.completed_at desc nulls last, a.id desc limit 1
      ) x on true
      left join lateral (
        select ${topSections(sql`ba`)} as sections
        from ${tenantBaselines} tb
        join ${assessments} ba on ba.id = tb.assessment_id and ba.account_id = tb.account_id
        where tb.tenant_id = ${scope.tenantId} and tb.account_id = ${scope.accountId}
          and ba.id <> x.id and ba.framework_id = x.framework_id
      ) b on true) l
    where t.id = ${scope.tenantId} and t.account_id = ${scope.accountId}`);
  await refreshTenantSections(db, sql`t.id = ${scope.tenantId}`, scope.accountId);
}

/**
 * The flat copy of the kept sections (`tenant_sections`: the scored ones, with their
 * targets) of the tenants `which` selects (a condition on alias `t`) in one account.
 */
export async function refreshTenantSections(
  db: Database | Tx,
  which: SQL,
  accountId: string,
): Promise<void> {
  await db.execute(sql`delete from ${tenantSections} s using ${tenants} t
    where s.tenant_id = t.id and s.account_id = ${accountId} and t.account_id = ${accountId}
      and ${which}`);
  await db.execute(sql`
    insert into ${tenantSections} (tenant_id, account_id, key, score, target)
    select t.id, t.account_id, e->>'key', (e->>'score')::float8,
      case when jsonb_typeof(e->'target') = 'number' then (e->>'target')::float8 end
    from ${tenants} t cross join lateral jsonb_array_elements(t.latest_sections) e
    where t.account_id = ${accountId} and ${which} and jsonb_typeof(e->'score') = 'number'
    on conflict do nothing`);
}
