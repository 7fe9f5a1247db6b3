CREATE TABLE "report_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "report_number" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "verify_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "verify_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "verify_revoked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_report_number_key" ON "reports" USING btree ("report_number");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_verify_id_key" ON "reports" USING btree ("verify_id");