CREATE TABLE "answer_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"assessment_id" text NOT NULL,
	"account_id" text NOT NULL,
	"question_key" text NOT NULL,
	"value" jsonb,
	"na" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"user_id" text,
	"respondent_id" text,
	"answered_by_name" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_writes" (
	"assessment_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"question_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_writes_pkey" PRIMARY KEY("assessment_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "assessment_answers" (
	"assessment_id" text NOT NULL,
	"account_id" text NOT NULL,
	"question_key" text NOT NULL,
	"value" jsonb,
	"na" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"score" double precision,
	"source" text NOT NULL,
	"user_id" text,
	"respondent_id" text,
	"answered_by_name" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "assessment_answers_pkey" PRIMARY KEY("assessment_id","question_key")
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"framework_id" text NOT NULL,
	"framework_version" integer NOT NULL,
	"framework_key" text NOT NULL,
	"framework_name" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"owner_id" text,
	"due_date" date,
	"scope" jsonb NOT NULL,
	"targets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"score_input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" jsonb NOT NULL,
	"score" double precision,
	"completion" double precision,
	"answered" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"respondents_total" integer DEFAULT 0 NOT NULL,
	"respondents_submitted" integer DEFAULT 0 NOT NULL,
	"last_answer_at" timestamp with time zone,
	"last_answer_by" text,
	"last_answer_source" text,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"write_version" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "assessments_name_check" CHECK (length(trim("assessments"."name")) between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "respondents" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"sections" jsonb,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "answer_history" ADD CONSTRAINT "answer_history_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_history" ADD CONSTRAINT "answer_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_writes" ADD CONSTRAINT "answer_writes_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondents" ADD CONSTRAINT "respondents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondents" ADD CONSTRAINT "respondents_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondents" ADD CONSTRAINT "respondents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_history_question_idx" ON "answer_history" USING btree ("assessment_id","question_key","id");--> statement-breakpoint
CREATE INDEX "assessment_answers_respondent_idx" ON "assessment_answers" USING btree ("respondent_id");--> statement-breakpoint
CREATE INDEX "assessments_tenant_idx" ON "assessments" USING btree ("account_id","tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "assessments_account_status_idx" ON "assessments" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "live_events_tenant_idx" ON "live_events" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "respondents_token_uq" ON "respondents" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "respondents_assessment_idx" ON "respondents" USING btree ("assessment_id","created_at");