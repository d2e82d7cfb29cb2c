CREATE TABLE "remediation_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"task_id" text NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remediation_reminders" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"tasks" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remediation_reminders_pkey" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "remediation_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"assignee_id" text,
	"due_date" date,
	"risk_reason" text,
	"risk_review_date" date,
	"assessment_id" text,
	"framework_id" text,
	"question_key" text,
	"question_title" text,
	"playbook_key" text,
	"playbook_title" text,
	"checklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "remediation_tasks_status_check" CHECK ("status" in ('todo', 'in_progress', 'done', 'risk_accepted')),
	CONSTRAINT "remediation_tasks_priority_check" CHECK ("priority" in ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "remediation_tasks_title_check" CHECK (length(trim("remediation_tasks"."title")) between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "open_tasks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "open_tasks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "next_task_due" date;--> statement-breakpoint
ALTER TABLE "remediation_comments" ADD CONSTRAINT "remediation_comments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_comments" ADD CONSTRAINT "remediation_comments_task_id_remediation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."remediation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_comments" ADD CONSTRAINT "remediation_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_reminders" ADD CONSTRAINT "remediation_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_tasks" ADD CONSTRAINT "remediation_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_tasks" ADD CONSTRAINT "remediation_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_tasks" ADD CONSTRAINT "remediation_tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_tasks" ADD CONSTRAINT "remediation_tasks_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_tasks" ADD CONSTRAINT "remediation_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remediation_comments_task_idx" ON "remediation_comments" USING btree ("task_id","created_at","id");--> statement-breakpoint
CREATE INDEX "remediation_tasks_tenant_idx" ON "remediation_tasks" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "remediation_tasks_open_due_idx" ON "remediation_tasks" USING btree ("account_id","due_date") WHERE "status" in ('todo', 'in_progress') and "due_date" is not null;--> statement-breakpoint
CREATE INDEX "remediation_tasks_assignee_due_idx" ON "remediation_tasks" USING btree ("assignee_id","due_date") WHERE "status" in ('todo', 'in_progress') and "due_date" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "remediation_tasks_open_question_idx" ON "remediation_tasks" USING btree ("tenant_id","framework_id","question_key") WHERE "status" in ('todo', 'in_progress') and "question_key" is not null;--> statement-breakpoint
CREATE INDEX "remediation_tasks_question_idx" ON "remediation_tasks" USING btree ("tenant_id","framework_id","question_key");