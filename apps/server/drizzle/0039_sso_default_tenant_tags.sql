ALTER TABLE "sso_providers" DROP CONSTRAINT "sso_providers_default_tenant_access_check";--> statement-breakpoint
ALTER TABLE "sso_providers" ADD COLUMN "default_tenant_tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_providers" ADD CONSTRAINT "sso_providers_default_tenant_access_check" CHECK ("default_tenant_access" in ('all', 'tags'));