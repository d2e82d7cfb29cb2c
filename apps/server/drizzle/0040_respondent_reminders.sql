CREATE TABLE "assessment_reminder_settings" (
	"assessment_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "owner_reminders" (
	"assessment_id" text NOT NULL,
	"day" date NOT NULL,
	"account_id" text NOT NULL,
	"owner_id" text,
	"kind" text NOT NULL,
	"pending" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "owner_reminders_pkey" PRIMARY KEY("assessment_id","day")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"account_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"before_due_days" integer,
	"nudge_after_days" integer,
	"last_call" boolean NOT NULL,
	"owner_summary" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "reminder_settings_days_check" CHECK (("reminder_settings"."before_due_days" is null or "reminder_settings"."before_due_days" between 1 and 60)
        and ("reminder_settings"."nudge_after_days" is null or "reminder_settings"."nudge_after_days" between 1 and 60))
);
--> statement-breakpoint
CREATE TABLE "respondent_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"respondent_id" text NOT NULL,
	"account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "respondent_reminders" (
	"respondent_id" text NOT NULL,
	"day" date NOT NULL,
	"account_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" text,
	"sent_by_name" text,
	"idempotency_key" text,
	CONSTRAINT "respondent_reminders_pkey" PRIMARY KEY("respondent_id","day"),
	CONSTRAINT "respondent_reminders_kind_check" CHECK ("respondent_reminders"."kind" in ('invitation', 'reminder', 'nudge', 'last_call', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "respondents" ADD COLUMN "reminders_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assessment_reminder_settings" ADD CONSTRAINT "assessment_reminder_settings_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_reminder_settings" ADD CONSTRAINT "assessment_reminder_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_reminders" ADD CONSTRAINT "owner_reminders_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_reminders" ADD CONSTRAINT "owner_reminders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondent_links" ADD CONSTRAINT "respondent_links_respondent_id_respondents_id_fk" FOREIGN KEY ("respondent_id") REFERENCES "public"."respondents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondent_reminders" ADD CONSTRAINT "respondent_reminders_respondent_id_respondents_id_fk" FOREIGN KEY ("respondent_id") REFERENCES "public"."respondents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondent_reminders" ADD CONSTRAINT "respondent_reminders_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondent_reminders" ADD CONSTRAINT "respondent_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "respondent_links_respondent_idx" ON "respondent_links" USING btree ("respondent_id");--> statement-breakpoint
CREATE INDEX "respondent_reminders_assessment_idx" ON "respondent_reminders" USING btree ("assessment_id","day");