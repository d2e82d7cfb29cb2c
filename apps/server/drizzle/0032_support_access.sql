ALTER TABLE "sessions" ADD COLUMN "support_account_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "support_reason" text;