CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"name" text NOT NULL,
	"screen" text NOT NULL,
	"tab" text NOT NULL,
	"events" integer NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("day","name","screen","tab")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_metrics" (
	"day" date PRIMARY KEY NOT NULL,
	"daily_active" integer NOT NULL,
	"weekly_active" integer NOT NULL,
	"signups" integer NOT NULL,
	"verified" integer NOT NULL,
	"first_tenant" integer NOT NULL,
	"first_assessment" integer NOT NULL,
	"first_completed" integer NOT NULL,
	"paid" integer NOT NULL,
	"rolled_up_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_users" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "analytics_daily_users_pkey" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_retention" (
	"week" date NOT NULL,
	"offset" integer NOT NULL,
	"size" integer NOT NULL,
	"active" integer NOT NULL,
	CONSTRAINT "analytics_retention_pkey" PRIMARY KEY("week","offset")
);
--> statement-breakpoint
CREATE INDEX "analytics_events_received_idx" ON "analytics_events" USING btree ("received_at");