ALTER TABLE "assessments" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "respondents" ADD COLUMN "locale" text;