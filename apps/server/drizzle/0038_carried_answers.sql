CREATE TABLE "assessment_carried_answers" (
	"assessment_id" text NOT NULL,
	"account_id" text NOT NULL,
	"question_key" text NOT NULL,
	"value" jsonb,
	"na" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"from_assessment_id" text,
	"answered_by_name" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "assessment_carried_answers_pkey" PRIMARY KEY("assessment_id","question_key")
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "previous_assessment_id" text;--> statement-breakpoint
ALTER TABLE "assessment_carried_answers" ADD CONSTRAINT "assessment_carried_answers_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_carried_answers" ADD CONSTRAINT "assessment_carried_answers_from_assessment_id_assessments_id_fk" FOREIGN KEY ("from_assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_previous_assessment_id_assessments_id_fk" FOREIGN KEY ("previous_assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;