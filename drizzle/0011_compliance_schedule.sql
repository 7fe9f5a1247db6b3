CREATE TABLE "requirement_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requirement_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"reason" text,
	"changed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_library" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requirement_library_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_type" "inspection_type" NOT NULL,
	"activity" text NOT NULL,
	"interval_months" integer,
	"interval_days" integer,
	"source" text NOT NULL,
	"note" text,
	"principal" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "requirement_library_interval_check" CHECK ((interval_months is null) <> (interval_days is null) and coalesce(interval_months, interval_days) > 0)
);
--> statement-breakpoint
CREATE TABLE "requirement_reminder_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requirement_reminder_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"reminder_type" text NOT NULL,
	"due_date" date NOT NULL,
	"email_sent" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"reminder_count" integer DEFAULT 1 NOT NULL,
	"next_scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"item_type" "inspection_type" NOT NULL,
	"library_id" integer,
	"activity" text NOT NULL,
	"interval_months" integer,
	"interval_days" integer,
	"source" text,
	"note" text,
	"principal" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"auto_schedule" boolean DEFAULT true NOT NULL,
	"last_done_on" date,
	"last_result" "compliance_result",
	"last_notes" text,
	"next_due_date" date NOT NULL,
	"has_open_inspection" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirements_interval_check" CHECK ((interval_months is null) <> (interval_days is null) and coalesce(interval_months, interval_days) > 0)
);
--> statement-breakpoint
DROP INDEX "properties_user_status_idx";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "has_failure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "inspected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "earliest_due_date" date;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "requirement_id" integer;--> statement-breakpoint
ALTER TABLE "requirement_changes" ADD CONSTRAINT "requirement_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_changes" ADD CONSTRAINT "requirement_changes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_changes" ADD CONSTRAINT "requirement_changes_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_reminder_logs" ADD CONSTRAINT "requirement_reminder_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_reminder_logs" ADD CONSTRAINT "requirement_reminder_logs_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_library_id_requirement_library_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."requirement_library"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requirement_changes_requirement_idx" ON "requirement_changes" USING btree ("requirement_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_library_type_activity_key" ON "requirement_library" USING btree ("item_type","activity");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_library_principal_key" ON "requirement_library" USING btree ("item_type") WHERE "requirement_library"."principal";--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_reminder_logs_requirement_type_due_key" ON "requirement_reminder_logs" USING btree ("requirement_id","reminder_type","due_date");--> statement-breakpoint
CREATE INDEX "requirement_reminder_logs_user_idx" ON "requirement_reminder_logs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "requirements_property_type_idx" ON "requirements" USING btree ("property_id","item_type");--> statement-breakpoint
CREATE UNIQUE INDEX "requirements_property_library_key" ON "requirements" USING btree ("property_id","library_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requirements_principal_key" ON "requirements" USING btree ("property_id","item_type") WHERE "requirements"."principal";--> statement-breakpoint
CREATE INDEX "requirements_unscheduled_due_idx" ON "requirements" USING btree ("user_id","next_due_date") WHERE "requirements"."active" and not "requirements"."has_open_inspection";--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_user_earliest_due_idx" ON "properties" USING btree ("user_id","earliest_due_date");--> statement-breakpoint
CREATE INDEX "properties_user_passing_due_idx" ON "properties" USING btree ("user_id","earliest_due_date") WHERE "properties"."inspected" and not "properties"."has_failure";--> statement-breakpoint
CREATE INDEX "inspections_requirement_open_idx" ON "inspections" USING btree ("requirement_id") WHERE "inspections"."status" in ('scheduled', 'in_progress');--> statement-breakpoint
ALTER TABLE "properties" DROP COLUMN "status";--> statement-breakpoint
DROP TYPE "public"."property_status";
--> statement-breakpoint
-- Custom SQL (not generated): the requirement library of docs/compliance-schedule.md.
INSERT INTO "requirement_library" ("item_type", "activity", "interval_months", "source", "note", "principal", "sort_order") VALUES
	('fire_extinguisher', 'Monthly visual inspection', 1, 'NFPA 10 (2022) 7.2.1.2', NULL, false, 1),
	('fire_extinguisher', 'Annual maintenance', 12, 'NFPA 10 (2022) 7.3.1.1.1', NULL, true, 2),
	('fire_extinguisher', '6-year internal examination', 72, 'NFPA 10 (2022) ch. 7', 'Stored-pressure extinguishers that need a 12-year hydrostatic test', false, 3),
	('fire_extinguisher', 'Hydrostatic test', 144, 'NFPA 10 (2022) Table 8.3.1', 'Every 5 or 12 years by extinguisher type; 12 years (dry chemical) by default', false, 4),
	('sprinkler_system', 'Quarterly inspection', 3, 'NFPA 25 (2023) Table 5.1.1.2', NULL, false, 1),
	('sprinkler_system', 'Annual inspection and test', 12, 'NFPA 25 (2023) Table 5.1.1.2', NULL, true, 2),
	('emergency_lighting', 'Monthly 30-second functional test', 1, 'NFPA 101 (2021) 7.9.3.1.1', NULL, false, 1),
	('emergency_lighting', 'Annual 90-minute test', 12, 'NFPA 101 (2021) 7.9.3.1.1', 'Battery-powered emergency lighting', true, 2),
	('emergency_exits', 'Monthly exit sign check', 1, 'NFPA 101 (2021) 7.10.9.1', NULL, false, 1),
	('emergency_exits', 'Annual egress door inspection', 12, 'NFPA 101 (2021) ch. 7, Inspection of Door Openings', 'Where the occupancy chapter requires it', true, 2),
	('smoke_detectors', 'Annual functional test', 12, 'NFPA 72 (2022) Table 14.4.3.2', NULL, true, 1),
	('smoke_detectors', 'Sensitivity test', 24, 'NFPA 72 (2022) ch. 14', 'Within 1 year of installation, then every alternate year', false, 2),
	('fire_alarm', 'Annual test', 12, 'NFPA 72 (2022) Table 14.4.3.2', NULL, true, 1),
	('other', 'Annual inspection', 12, 'Firemark default', NULL, true, 1);
--> statement-breakpoint
-- Custom SQL: every existing compliance item gets its type's library requirements. The
-- principal one carries the item's last date, result and next due date; each other one is
-- first due one interval after today (in the account's zone), but within a year.
INSERT INTO "requirements" ("user_id", "property_id", "item_type", "library_id", "activity", "interval_months", "interval_days", "source", "note", "principal", "last_done_on", "last_result", "last_notes", "next_due_date")
SELECT p."user_id", ci."property_id", ci."item_type", l."id", l."activity", l."interval_months", l."interval_days", l."source", l."note", l."principal",
	CASE WHEN l."principal" THEN ci."last_inspection_date" END,
	CASE WHEN l."principal" AND ci."status" IN ('compliant', 'non_compliant') THEN ci."status"::text::"compliance_result" END,
	CASE WHEN l."principal" AND ci."status" = 'non_compliant' THEN ci."notes" END,
	CASE WHEN l."principal" THEN coalesce(ci."next_due_date", d."today")
		ELSE least(d."today" + make_interval(months => coalesce(l."interval_months", 0), days => coalesce(l."interval_days", 0)), d."today" + interval '12 months')::date END
FROM "compliance_items" ci
JOIN "properties" p ON p."id" = ci."property_id"
JOIN "users" u ON u."id" = p."user_id"
JOIN "requirement_library" l ON l."item_type" = ci."item_type"
CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE u."time_zone")::date AS "today") d;
--> statement-breakpoint
-- Custom SQL: existing inspections count for their type's principal requirement.
UPDATE "inspections" i SET "requirement_id" = r."id"
FROM "requirements" r
WHERE r."property_id" = i."property_id" AND r."item_type" = i."inspection_type" AND r."principal";
--> statement-breakpoint
-- Custom SQL: which requirements have an open inspection.
UPDATE "requirements" r SET "has_open_inspection" = true
WHERE EXISTS (SELECT 1 FROM "inspections" i WHERE i."requirement_id" = r."id" AND i."status" IN ('scheduled', 'in_progress'));
--> statement-breakpoint
-- Custom SQL: an item is due when the earliest of its requirements is.
UPDATE "compliance_items" ci SET "next_due_date" = r."next_due"
FROM (SELECT "property_id", "item_type", min("next_due_date") AS "next_due" FROM "requirements" WHERE "active" GROUP BY 1, 2) r
WHERE r."property_id" = ci."property_id" AND r."item_type" = ci."item_type";
--> statement-breakpoint
-- Custom SQL: what each property's status derives from.
UPDATE "properties" p SET
	"has_failure" = s."has_failure",
	"inspected" = s."inspected",
	"earliest_due_date" = s."earliest_due_date"
FROM (
	SELECT "property_id", coalesce(bool_or("status" = 'non_compliant'), false) AS "has_failure",
		coalesce(bool_or("last_inspection_date" IS NOT NULL), false) AS "inspected", min("next_due_date") AS "earliest_due_date"
	FROM "compliance_items" GROUP BY "property_id"
) s
WHERE s."property_id" = p."id";
