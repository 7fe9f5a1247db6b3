CREATE TABLE "requirement_digest_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requirement_digest_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"digest_day" date NOT NULL,
	"check_count" integer NOT NULL,
	"property_count" integer NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requirement_digest_logs" ADD CONSTRAINT "requirement_digest_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_digest_logs_org_day_key" ON "requirement_digest_logs" USING btree ("organization_id","digest_day");--> statement-breakpoint
CREATE INDEX "requirements_unknown_last_done_idx" ON "requirements" USING btree ("organization_id","property_id") WHERE "requirements"."active" and not "requirements"."has_open_inspection" and "requirements"."last_done_unknown" and "requirements"."last_done_on" is null;