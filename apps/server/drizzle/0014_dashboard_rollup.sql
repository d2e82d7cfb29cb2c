CREATE TABLE "account_months" (
	"account_id" text NOT NULL,
	"month" text NOT NULL,
	"completed" integer NOT NULL,
	"scored" integer NOT NULL,
	"score_sum" double precision NOT NULL,
	CONSTRAINT "account_months_pkey" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "assessments_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "completed_assessments" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_months" ADD CONSTRAINT "account_months_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "tenants" t SET "completed_assessments" = (SELECT count(*) FROM "assessments" a
  WHERE a."tenant_id" = t."id" AND a."account_id" = t."account_id" AND a."status" = 'completed');--> statement-breakpoint
UPDATE "accounts" acc SET "assessments_completed" = (SELECT coalesce(sum(t."completed_assessments"), 0)
  FROM "tenants" t WHERE t."account_id" = acc."id");--> statement-breakpoint
INSERT INTO "account_months" ("account_id", "month", "completed", "scored", "score_sum")
SELECT "account_id", to_char(date_trunc('month', "completed_at" at time zone 'UTC'), 'YYYY-MM'),
  count(*), count("score"), coalesce(sum("score"), 0)
FROM "assessments" WHERE "status" = 'completed' AND "completed_at" IS NOT NULL
GROUP BY 1, 2;
