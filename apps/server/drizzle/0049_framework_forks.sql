ALTER TABLE "framework_versions" ADD COLUMN "upstream_version" integer;--> statement-breakpoint
ALTER TABLE "frameworks" ADD COLUMN "upstream_id" text;--> statement-breakpoint
ALTER TABLE "frameworks" ADD COLUMN "upstream_version" integer;--> statement-breakpoint
ALTER TABLE "frameworks" ADD CONSTRAINT "frameworks_upstream_id_frameworks_id_fk" FOREIGN KEY ("upstream_id") REFERENCES "public"."frameworks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "frameworks_upstream_idx" ON "frameworks" USING btree ("upstream_id") WHERE upstream_id is not null;