ALTER TABLE "analytics_daily_metrics" ADD COLUMN "page_views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily_metrics" ADD COLUMN "purchases" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily_metrics" ADD COLUMN "upgrades" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily_metrics" ADD COLUMN "downgrades" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily_metrics" ADD COLUMN "checkouts_cancelled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The days rolled up before this column existed: their sums from analytics_daily.
UPDATE "analytics_daily_metrics" m SET
  "page_views" = coalesce((SELECT sum(events) FROM analytics_daily ad WHERE ad.day = m.day AND ad.name = 'page_view'), 0),
  "purchases" = coalesce((SELECT sum(events) FROM analytics_daily ad WHERE ad.day = m.day AND ad.name = 'purchase'), 0),
  "upgrades" = coalesce((SELECT sum(events) FROM analytics_daily ad WHERE ad.day = m.day AND ad.name = 'upgrade_subscription'), 0),
  "downgrades" = coalesce((SELECT sum(events) FROM analytics_daily ad WHERE ad.day = m.day AND ad.name = 'downgrade_subscription'), 0),
  "checkouts_cancelled" = coalesce((SELECT sum(events) FROM analytics_daily ad WHERE ad.day = m.day AND ad.name = 'checkout_cancelled'), 0);
