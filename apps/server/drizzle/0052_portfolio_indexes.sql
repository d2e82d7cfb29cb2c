CREATE TABLE "tenant_sections" (
	"tenant_id" text NOT NULL,
	"account_id" text NOT NULL,
	"key" text NOT NULL,
	"score" double precision NOT NULL,
	"target" double precision,
	CONSTRAINT "tenant_sections_pkey" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
ALTER TABLE "tenant_sections" ADD CONSTRAINT "tenant_sections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_sections" ADD CONSTRAINT "tenant_sections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_sections_score_idx" ON "tenant_sections" USING btree ("account_id","key","score","tenant_id");--> statement-breakpoint
CREATE INDEX "tenant_sections_below_idx" ON "tenant_sections" USING btree ("account_id","key","tenant_id") WHERE "tenant_sections"."score" < "tenant_sections"."target";--> statement-breakpoint
CREATE INDEX "tenants_portfolio_score_idx" ON "tenants" USING btree ("account_id","latest_score",lower("name"),"id") WHERE "tenants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tenants_portfolio_trend_idx" ON "tenants" USING btree ("account_id","baseline_delta",lower("name"),"id") WHERE "tenants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tenants_portfolio_below_idx" ON "tenants" USING btree ("account_id","sections_below" DESC NULLS LAST,lower("name") desc,"id" desc) WHERE "tenants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tenants_portfolio_tasks_idx" ON "tenants" USING btree ("account_id","open_tasks" DESC NULLS LAST,lower("name") desc,"id" desc) WHERE "tenants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tenants_portfolio_due_idx" ON "tenants" USING btree ("account_id","next_assessment_due",lower("name"),"id") WHERE "tenants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tenants_portfolio_overdue_idx" ON "tenants" USING btree ("account_id",least(coalesce("next_assessment_due", 'infinity'::date), coalesce(("open_task_dues")[1], 'infinity'::date))) WHERE "tenants"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "tenants_portfolio_framework_idx" ON "tenants" USING btree ("account_id","latest_framework_id","latest_framework_name") WHERE "tenants"."archived_at" is null and "tenants"."latest_framework_id" is not null;--> statement-breakpoint
-- Backfill: the scored top-level sections each tenant keeps (refreshTenantPosture).
INSERT INTO "tenant_sections" ("tenant_id", "account_id", "key", "score", "target")
SELECT t.id, t.account_id, e->>'key', (e->>'score')::float8,
  CASE WHEN jsonb_typeof(e->'target') = 'number' THEN (e->>'target')::float8 END
FROM "tenants" t CROSS JOIN LATERAL jsonb_array_elements(t.latest_sections) e
WHERE jsonb_typeof(e->'score') = 'number'
ON CONFLICT DO NOTHING;
