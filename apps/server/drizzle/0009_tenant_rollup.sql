ALTER TABLE "tenants" ADD COLUMN "latest_assessment_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "latest_score" double precision;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "latest_gaps" integer;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "latest_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "open_assessments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tenants_account_gaps_idx" ON "tenants" USING btree ("account_id","latest_gaps");--> statement-breakpoint
UPDATE "tenants" t SET
  "open_assessments" = (SELECT count(*) FROM "assessments" a
    WHERE a."tenant_id" = t."id" AND a."account_id" = t."account_id" AND a."status" <> 'completed'),
  "latest_assessment_id" = l."id",
  "latest_score" = l."score",
  "latest_gaps" = l."gaps",
  "latest_completed_at" = l."completed_at"
FROM (
  SELECT t2."id" AS "tid", x.* FROM "tenants" t2 LEFT JOIN LATERAL (
    SELECT a."id", a."score", jsonb_array_length(a."progress"->'gaps') AS "gaps", a."completed_at"
    FROM "assessments" a
    WHERE a."tenant_id" = t2."id" AND a."account_id" = t2."account_id" AND a."status" = 'completed'
    ORDER BY a."completed_at" DESC NULLS LAST, a."id" DESC LIMIT 1
  ) x ON true
) l
WHERE t."id" = l."tid";
