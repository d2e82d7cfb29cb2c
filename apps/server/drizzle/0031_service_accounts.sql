CREATE TABLE "account_staff_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_staff_notes_body_check" CHECK (char_length("account_staff_notes"."body") between 1 and 5000)
);
--> statement-breakpoint
ALTER TABLE "account_staff_notes" ADD CONSTRAINT "account_staff_notes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_staff_notes" ADD CONSTRAINT "account_staff_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_staff_notes_account_idx" ON "account_staff_notes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_last_active_idx" ON "accounts" USING btree ("last_active_at","id");