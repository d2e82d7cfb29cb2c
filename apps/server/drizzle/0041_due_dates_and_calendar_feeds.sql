CREATE TABLE "calendar_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "next_assessment_due" date;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_account_user_idx" ON "calendar_feeds" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE INDEX "tenants_account_due_idx" ON "tenants" USING btree ("account_id",coalesce("next_assessment_due", '9999-12-31'::date),"id");--> statement-breakpoint
CREATE INDEX "assessments_account_due_idx" ON "assessments" USING btree ("account_id","due_date","id") WHERE "assessments"."status" <> 'completed' and "assessments"."due_date" is not null;--> statement-breakpoint
-- Backfill: each tenant's earliest due date among its open assessments (kept on write after this).
UPDATE "tenants" t SET "next_assessment_due" = (
	SELECT min(a."due_date") FROM "assessments" a
	WHERE a."tenant_id" = t."id" AND a."account_id" = t."account_id" AND a."status" <> 'completed'
);
