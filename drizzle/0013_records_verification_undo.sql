CREATE TYPE "public"."deficiency_severity" AS ENUM('critical', 'impairment', 'non_critical');--> statement-breakpoint
CREATE TABLE "inspectors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspectors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"licence_number" text,
	"licence_expires_on" date,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deficiencies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deficiencies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"inspection_id" integer NOT NULL,
	"item_type" "inspection_type" NOT NULL,
	"description" text NOT NULL,
	"severity" "deficiency_severity" NOT NULL,
	"location" text,
	"corrective_action" text,
	"due_by" date,
	"corrected_on" date,
	"corrected_by" text,
	"correction_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deficiency_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deficiency_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"deficiency_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deficiency_photos_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "report_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "undo_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb NOT NULL,
	"after_fingerprint" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "inspector_id" integer;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "inspector_licence_number" text;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "inspector_licence_expires_on" date;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "attestation_statement" text;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "attestation_name" text;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "attested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "report_number" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "verify_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "pdf_sha256" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "verify_snapshot" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "verify_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inspectors" ADD CONSTRAINT "inspectors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deficiencies" ADD CONSTRAINT "deficiencies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deficiencies" ADD CONSTRAINT "deficiencies_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deficiencies" ADD CONSTRAINT "deficiencies_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deficiency_photos" ADD CONSTRAINT "deficiency_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deficiency_photos" ADD CONSTRAINT "deficiency_photos_deficiency_id_deficiencies_id_fk" FOREIGN KEY ("deficiency_id") REFERENCES "public"."deficiencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "undo_actions" ADD CONSTRAINT "undo_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspectors_user_name_idx" ON "inspectors" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "deficiencies_inspection_idx" ON "deficiencies" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "deficiencies_property_idx" ON "deficiencies" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "deficiencies_property_open_idx" ON "deficiencies" USING btree ("property_id","severity") WHERE "deficiencies"."corrected_on" is null;--> statement-breakpoint
CREATE INDEX "deficiencies_user_open_idx" ON "deficiencies" USING btree ("user_id","severity") WHERE "deficiencies"."corrected_on" is null;--> statement-breakpoint
CREATE INDEX "deficiency_photos_deficiency_idx" ON "deficiency_photos" USING btree ("deficiency_id");--> statement-breakpoint
CREATE INDEX "undo_actions_expires_idx" ON "undo_actions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_inspector_id_inspectors_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."inspectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspections_inspector_idx" ON "inspections" USING btree ("inspector_id") WHERE "inspections"."inspector_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_report_number_key" ON "reports" USING btree ("report_number");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_verify_id_key" ON "reports" USING btree ("verify_id");