CREATE TABLE "answer_evidence" (
	"account_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"question_key" text NOT NULL,
	"evidence_id" text NOT NULL,
	"linked_by_user_id" text,
	"linked_by_respondent_id" text,
	"linked_by_name" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"carried_from_assessment_id" text,
	CONSTRAINT "answer_evidence_pkey" PRIMARY KEY("assessment_id","question_key","evidence_id")
);
--> statement-breakpoint
CREATE TABLE "evidence_files" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"effective_on" date NOT NULL,
	"expires_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_files_content_type_check" CHECK ("content_type" in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet', 'application/vnd.oasis.opendocument.presentation', 'text/csv', 'text/plain')),
	CONSTRAINT "evidence_files_dates_check" CHECK ("evidence_files"."expires_on" is null or "evidence_files"."expires_on" >= "evidence_files"."effective_on")
);
--> statement-breakpoint
CREATE TABLE "evidence_packs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"assessment_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"blob_key" text,
	"bytes" bigint,
	"sha256" text,
	"error" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "evidence_packs_status_check" CHECK ("status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "evidence_packs_progress_check" CHECK ("evidence_packs"."progress" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "evidence_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"evidence_id" text NOT NULL,
	"revision" integer NOT NULL,
	"stored_file_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"effective_on" date NOT NULL,
	"expires_on" date,
	"preview_media_id" text,
	"uploaded_by_user_id" text,
	"uploaded_by_respondent_id" text,
	"uploaded_by_name" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_evidence" ADD CONSTRAINT "answer_evidence_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_evidence" ADD CONSTRAINT "answer_evidence_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_evidence" ADD CONSTRAINT "answer_evidence_evidence_id_evidence_files_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_evidence" ADD CONSTRAINT "answer_evidence_linked_by_user_id_users_id_fk" FOREIGN KEY ("linked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_evidence" ADD CONSTRAINT "answer_evidence_carried_from_assessment_id_assessments_id_fk" FOREIGN KEY ("carried_from_assessment_id") REFERENCES "public"."assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_packs" ADD CONSTRAINT "evidence_packs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_revisions" ADD CONSTRAINT "evidence_revisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_revisions" ADD CONSTRAINT "evidence_revisions_evidence_id_evidence_files_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_revisions" ADD CONSTRAINT "evidence_revisions_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_revisions" ADD CONSTRAINT "evidence_revisions_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_evidence_evidence_idx" ON "answer_evidence" USING btree ("evidence_id");--> statement-breakpoint
CREATE INDEX "evidence_files_tenant_idx" ON "evidence_files" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "evidence_files_expiry_idx" ON "evidence_files" USING btree ("account_id","expires_on") WHERE "evidence_files"."expires_on" is not null;--> statement-breakpoint
CREATE INDEX "evidence_packs_assessment_idx" ON "evidence_packs" USING btree ("assessment_id","created_at");--> statement-breakpoint
CREATE INDEX "evidence_packs_active_idx" ON "evidence_packs" USING btree ("tenant_id","created_at") WHERE "status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "evidence_packs_created_idx" ON "evidence_packs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evidence_revisions_file_uq" ON "evidence_revisions" USING btree ("evidence_id","revision");--> statement-breakpoint
CREATE INDEX "evidence_revisions_stored_file_idx" ON "evidence_revisions" USING btree ("stored_file_id");