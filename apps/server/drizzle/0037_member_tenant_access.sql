ALTER TABLE "memberships" ADD COLUMN "tenant_access" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "tenant_access_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "tenant_access_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "tenant_access_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "access_user_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "access_user_id" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_tenant_access_check" CHECK ("tenant_access" in ('all', 'only', 'tags', 'except'));