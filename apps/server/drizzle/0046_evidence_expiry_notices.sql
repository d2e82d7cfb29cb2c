CREATE TABLE "evidence_expiry_notices" (
	"account_id" text NOT NULL,
	"evidence_id" text NOT NULL,
	"state" text NOT NULL,
	"expires_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evidence_expiry_notices_pkey" PRIMARY KEY("evidence_id","state","expires_on"),
	CONSTRAINT "evidence_expiry_notices_state_check" CHECK ("evidence_expiry_notices"."state" in ('expiring', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "evidence_expiry_notices" ADD CONSTRAINT "evidence_expiry_notices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_expiry_notices" ADD CONSTRAINT "evidence_expiry_notices_evidence_id_evidence_files_id_fk" FOREIGN KEY ("evidence_id") REFERENCES "public"."evidence_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_expiry_notices_account_idx" ON "evidence_expiry_notices" USING btree ("account_id");