CREATE TABLE "audit_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"requested_by" text,
	"requested_by_email" text,
	"ip_address" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"checked" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "audit_verifications_created_idx" ON "audit_verifications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_verifications_one_active_uq" ON "audit_verifications" USING btree ((true)) WHERE "state" in ('queued', 'running');