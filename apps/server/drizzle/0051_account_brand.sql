ALTER TABLE "accounts" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "brand_display_name" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "brand_reply_to" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "brand_email_footer" text;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD COLUMN "reply_to" text;