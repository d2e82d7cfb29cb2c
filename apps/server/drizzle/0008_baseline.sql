CREATE TABLE "tenant_baselines" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"set_by" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_baselines" ADD CONSTRAINT "tenant_baselines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_baselines" ADD CONSTRAINT "tenant_baselines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_baselines" ADD CONSTRAINT "tenant_baselines_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_baselines" ADD CONSTRAINT "tenant_baselines_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_baselines_assessment_idx" ON "tenant_baselines" USING btree ("assessment_id");