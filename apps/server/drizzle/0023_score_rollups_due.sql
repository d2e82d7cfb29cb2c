CREATE TABLE "score_rollups_due" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"assessment_id" text NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "score_rollups_due" ADD CONSTRAINT "score_rollups_due_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "score_rollups_due_assessment_idx" ON "score_rollups_due" USING btree ("assessment_id","id");