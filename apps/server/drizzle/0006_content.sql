CREATE TABLE "articles" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, search_text) || to_tsvector('simple'::regconfig, key)) STORED,
	CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "framework_nodes" (
	"framework_id" text NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, title) || to_tsvector('simple'::regconfig, key)) STORED,
	CONSTRAINT "framework_nodes_pkey" PRIMARY KEY("framework_id","key")
);
--> statement-breakpoint
CREATE TABLE "framework_versions" (
	"framework_id" text NOT NULL,
	"version" integer NOT NULL,
	"document" json NOT NULL,
	"release_notes" text NOT NULL,
	"question_count" integer NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "framework_versions_pkey" PRIMARY KEY("framework_id","version"),
	CONSTRAINT "framework_versions_version_check" CHECK ("framework_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "frameworks" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"draft" json NOT NULL,
	"draft_revision" integer DEFAULT 1 NOT NULL,
	"draft_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"draft_updated_by" text,
	"latest_version" integer,
	"published_revision" integer,
	"published_at" timestamp with time zone,
	"question_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, search_text) || to_tsvector('simple'::regconfig, key)) STORED,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playbooks" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"steps" json DEFAULT '[]'::json NOT NULL,
	"step_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, search_text) || to_tsvector('simple'::regconfig, key)) STORED,
	CONSTRAINT "playbooks_status_check" CHECK ("playbooks"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_purpose_check";--> statement-breakpoint
ALTER TABLE "media" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "framework_nodes" ADD CONSTRAINT "framework_nodes_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "framework_versions" ADD CONSTRAINT "framework_versions_framework_id_frameworks_id_fk" FOREIGN KEY ("framework_id") REFERENCES "public"."frameworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "framework_versions" ADD CONSTRAINT "framework_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frameworks" ADD CONSTRAINT "frameworks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frameworks" ADD CONSTRAINT "frameworks_draft_updated_by_users_id_fk" FOREIGN KEY ("draft_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frameworks" ADD CONSTRAINT "frameworks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbooks" ADD CONSTRAINT "playbooks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbooks" ADD CONSTRAINT "playbooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playbooks" ADD CONSTRAINT "playbooks_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_global_key_uq" ON "articles" USING btree ("key") WHERE account_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_account_key_uq" ON "articles" USING btree ("account_id","key") WHERE account_id is not null;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "framework_nodes_search_idx" ON "framework_nodes" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "frameworks_global_key_uq" ON "frameworks" USING btree ("key") WHERE account_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "frameworks_account_key_uq" ON "frameworks" USING btree ("account_id","key") WHERE account_id is not null;--> statement-breakpoint
CREATE INDEX "frameworks_account_name_idx" ON "frameworks" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "frameworks_search_idx" ON "frameworks" USING gin ("search");--> statement-breakpoint
CREATE INDEX "frameworks_tags_idx" ON "frameworks" USING gin ("tags");--> statement-breakpoint
CREATE UNIQUE INDEX "playbooks_global_key_uq" ON "playbooks" USING btree ("key") WHERE account_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "playbooks_account_key_uq" ON "playbooks" USING btree ("account_id","key") WHERE account_id is not null;--> statement-breakpoint
CREATE INDEX "playbooks_search_idx" ON "playbooks" USING gin ("search");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_purpose_check" CHECK ("purpose" in ('account_logo', 'content_image'));