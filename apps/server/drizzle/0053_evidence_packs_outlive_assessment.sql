ALTER TABLE "evidence_packs" DROP CONSTRAINT "evidence_packs_assessment_id_assessments_id_fk";
--> statement-breakpoint
ALTER TABLE "evidence_packs" ALTER COLUMN "assessment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;