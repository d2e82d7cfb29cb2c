-- Media: one table for every stored image (modules/media). Account logos move here from
-- account_logos as rows of purpose 'account_logo' (at most one per account: the partial
-- unique index below).
--
-- Existing logos are carried over AS THEY WERE UPLOADED: re-encoding is not possible in SQL,
-- so these rows keep their original bytes and content type (image/png, image/jpeg or
-- image/webp, recognised by magic number at upload) and have width/height NULL, which marks
-- them. They are served like every media row (nosniff, a sandboxing CSP, a server-chosen
-- name); a new upload replaces them with a re-encoded image.
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer,
	"height" integer,
	"bytes" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_purpose_check" CHECK ("purpose" in ('account_logo')),
	CONSTRAINT "media_content_type_check" CHECK ("content_type" in ('image/webp', 'image/png', 'image/jpeg')),
	CONSTRAINT "media_bytes_check" CHECK ("bytes" = octet_length("data"))
);
--> statement-breakpoint
INSERT INTO "media" ("id", "account_id", "purpose", "content_type", "data", "width", "height", "bytes", "created_by", "created_at")
SELECT gen_random_uuid()::text, "account_id", 'account_logo', "content_type", "data", NULL, NULL, octet_length("data"), NULL, "updated_at"
FROM "account_logos"
WHERE "content_type" IN ('image/webp', 'image/png', 'image/jpeg');--> statement-breakpoint
DROP TABLE "account_logos" CASCADE;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_account_idx" ON "media" USING btree ("account_id","purpose","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "media_one_logo_per_account_uq" ON "media" USING btree ("account_id") WHERE purpose = 'account_logo';