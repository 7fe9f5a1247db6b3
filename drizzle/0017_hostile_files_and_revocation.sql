CREATE TABLE "account_report_counters" (
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "account_report_counters_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
-- Each account's numbering goes on from its own highest number of the year, so no report
-- of an account shares a number with one it already has.
INSERT INTO "account_report_counters" ("user_id", "year", "last_number")
SELECT "user_id", substring("report_number" from 4 for 4)::integer, max(substring("report_number" from 9)::integer)
FROM "reports" WHERE "report_number" ~ '^FM-[0-9]{4}-[0-9]+$' GROUP BY 1, 2;--> statement-breakpoint
ALTER TABLE "report_number_counters" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "report_number_counters" CASCADE;--> statement-breakpoint
DROP INDEX "reports_report_number_key";--> statement-breakpoint
ALTER TABLE "deficiency_photos" ADD COLUMN "reencoded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deficiency_photos" ADD COLUMN "quarantined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deficiency_photos" ADD COLUMN "quarantine_reason" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "byte_size" integer;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD COLUMN "created_by_token_id" integer;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by_token_id" integer;--> statement-breakpoint
ALTER TABLE "account_report_counters" ADD CONSTRAINT "account_report_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_token_id_api_tokens_id_fk" FOREIGN KEY ("created_by_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_token_id_api_tokens_id_fk" FOREIGN KEY ("created_by_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_user_report_number_key" ON "reports" USING btree ("user_id","report_number");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_storage_key_key" ON "reports" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_token_idx" ON "webhook_endpoints" USING btree ("created_by_token_id");