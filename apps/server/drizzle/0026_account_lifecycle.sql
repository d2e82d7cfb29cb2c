CREATE TABLE "account_deletions" (
	"account_id" text PRIMARY KEY NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delete_after" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"scheduled_by" text,
	"scheduled_by_email" text,
	"export_id" text,
	"prior_suspended_at" timestamp with time zone,
	"prior_suspended_reason" text
);
--> statement-breakpoint
CREATE TABLE "account_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"requested_by" text,
	"requested_by_email" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"error" text,
	"file_name" text NOT NULL,
	"bytes" bigint,
	"sha256" text,
	"blob_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_exports_status_check" CHECK ("status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "account_exports_progress_check" CHECK ("account_exports"."progress_done" >= 0 and "account_exports"."progress_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "blob_chunks" (
	"blob_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "blob_chunks_pkey" PRIMARY KEY("blob_key","seq"),
	CONSTRAINT "blob_chunks_size_check" CHECK (octet_length("data") <= 1048576)
);
--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_scheduled_by_users_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("delete_after");--> statement-breakpoint
CREATE INDEX "account_exports_account_idx" ON "account_exports" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "account_exports_expires_idx" ON "account_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_exports_one_active_uq" ON "account_exports" USING btree ("account_id") WHERE "status" in ('queued', 'running');