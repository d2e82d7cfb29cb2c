CREATE TABLE "assessment_carry_forwards" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"from_version" integer NOT NULL,
	"to_version" integer NOT NULL,
	"preview" jsonb NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "review" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_carry_forwards" ADD CONSTRAINT "assessment_carry_forwards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_carry_forwards" ADD CONSTRAINT "assessment_carry_forwards_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_carry_forwards" ADD CONSTRAINT "assessment_carry_forwards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_carry_forwards" ADD CONSTRAINT "assessment_carry_forwards_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_carry_forwards_assessment_idx" ON "assessment_carry_forwards" USING btree ("assessment_id","created_at");