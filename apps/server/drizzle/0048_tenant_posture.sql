ALTER TABLE "tenants" ADD COLUMN "latest_completion" double precision;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "latest_framework_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "latest_framework_name" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "latest_sections" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "sections_below" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "baseline_delta" double precision;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "open_task_dues" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
-- Backfill: what assessments.rollup.ts (refreshTenantPosture) and remediation.rollup.ts keep,
-- for every existing tenant.
CREATE FUNCTION pg_temp.posture_sections(a_framework_id text, a_version integer, a_progress jsonb)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'key', s.value->>'key', 'title', s.value->>'title',
      'weight', coalesce((s.value->>'weight')::float8, 1),
      'score', a_progress->'sections'->(s.value->>'key')->'score',
      'target', a_progress->'sections'->(s.value->>'key')->'target') order by s.n), '[]'::jsonb)
  from framework_versions fv
  cross join lateral json_array_elements(fv.document->'sections') with ordinality s(value, n)
  where fv.framework_id = a_framework_id and fv.version = a_version
    and a_progress->'sections'->(s.value->>'key') is not null
$$;--> statement-breakpoint
UPDATE "tenants" t SET
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
  open_task_dues = l.dues,
  last_activity_at = l.activity
FROM (
  select tt.id, x.completion, x.framework_id, x.framework_name,
    coalesce(x.sections, '[]'::jsonb) as sections,
    coalesce(b.sections, '[]'::jsonb) as baseline_sections,
    coalesce((select array_agg(r.due_date order by r.due_date) from remediation_tasks r
      where r.tenant_id = tt.id and r.account_id = tt.account_id and r.due_date is not null
        and r.status in ('todo', 'in_progress')), '{}'::date[]) as dues,
    greatest(tt.updated_at,
      (select max(a.updated_at) from assessments a where a.tenant_id = tt.id and a.account_id = tt.account_id),
      (select max(r.updated_at) from remediation_tasks r where r.tenant_id = tt.id and r.account_id = tt.account_id)
    ) as activity
  from tenants tt
  left join lateral (
    select a.id, a.completion, a.framework_id, a.framework_name,
      pg_temp.posture_sections(a.framework_id, a.framework_version, a.progress) as sections
    from assessments a
    where a.tenant_id = tt.id and a.account_id = tt.account_id and a.status = 'completed'
    order by a.completed_at desc nulls last, a.id desc limit 1
  ) x on true
  left join lateral (
    select pg_temp.posture_sections(ba.framework_id, ba.framework_version, ba.progress) as sections
    from tenant_baselines tb
    join assessments ba on ba.id = tb.assessment_id and ba.account_id = tb.account_id
    where tb.tenant_id = tt.id and tb.account_id = tt.account_id
      and ba.id <> x.id and ba.framework_id = x.framework_id
  ) b on true
) l
WHERE t.id = l.id;--> statement-breakpoint
DROP FUNCTION pg_temp.posture_sections(text, integer, jsonb);
