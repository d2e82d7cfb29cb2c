ALTER TABLE "accounts" ADD COLUMN "tenants_active" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tenants_archived" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tenants_assessed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "tenants_scored" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "latest_score_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "open_assessments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "accounts" acc SET
  "tenants_active" = r."active",
  "tenants_archived" = r."archived",
  "tenants_assessed" = r."assessed",
  "tenants_scored" = r."scored",
  "latest_score_sum" = r."score_sum",
  "open_assessments" = r."open"
FROM (
  SELECT "account_id",
    count(*) FILTER (WHERE "archived_at" IS NULL)::int AS "active",
    count(*) FILTER (WHERE "archived_at" IS NOT NULL)::int AS "archived",
    count(*) FILTER (WHERE "archived_at" IS NULL AND "latest_assessment_id" IS NOT NULL)::int AS "assessed",
    count("latest_score") FILTER (WHERE "archived_at" IS NULL)::int AS "scored",
    coalesce(sum("latest_score") FILTER (WHERE "archived_at" IS NULL), 0) AS "score_sum",
    coalesce(sum("open_assessments") FILTER (WHERE "archived_at" IS NULL), 0)::int AS "open"
  FROM "tenants" GROUP BY "account_id"
) r
WHERE acc."id" = r."account_id";
