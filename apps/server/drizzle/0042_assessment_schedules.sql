CREATE TABLE "assessment_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text,
	"tag" text,
	"framework_id" text NOT NULL,
	"scope" jsonb NOT NULL,
	"targets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cadence" text NOT NULL,
	"every_months" integer,
	"anchor_due_date" date NOT NULL,
	"lead_days" integer NOT NULL,
	"owner_id" text,
	"reinvite_respondents" boolean DEFAULT true NOT NULL,
	"use_newest_version" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_due_date" date,
	"next_create_on" date,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "assessment_schedules_target_check" CHECK (("assessment_schedules"."tenant_id" is null) <> ("assessment_schedules"."tag" is null)),
	CONSTRAINT "assessment_schedules_lead_check" CHECK ("assessment_schedules"."lead_days" between 0 and 366)
);
--> statement-breakpoint
CREATE TABLE "schedule_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"schedule_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"period" date NOT NULL,
	"status" text NOT NULL,
	"assessment_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_schedules" ADD CONSTRAINT "assessment_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_schedule_id_assessment_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."assessment_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_schedules_account_idx" ON "assessment_schedules" USING btree ("account_id","tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "assessment_schedules_due_idx" ON "assessment_schedules" USING btree ("next_create_on") WHERE "assessment_schedules"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_runs_period_uq" ON "schedule_runs" USING btree ("schedule_id","tenant_id","period");--> statement-breakpoint
CREATE INDEX "schedule_runs_schedule_idx" ON "schedule_runs" USING btree ("account_id","schedule_id","updated_at");--> statement-breakpoint
CREATE INDEX "schedule_runs_assessment_idx" ON "schedule_runs" USING btree ("assessment_id");--> statement-breakpoint
CREATE INDEX "schedule_runs_failed_idx" ON "schedule_runs" USING btree ("schedule_id") WHERE "schedule_runs"."status" = 'failed';