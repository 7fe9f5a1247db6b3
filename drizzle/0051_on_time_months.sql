CREATE TABLE "on_time_months" (
	"organization_id" integer NOT NULL,
	"month" date NOT NULL,
	"time_zone" text NOT NULL,
	"completed" integer NOT NULL,
	"on_time" integer NOT NULL,
	"median_days_late" double precision,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_time_months_organization_id_month_pk" PRIMARY KEY("organization_id","month")
);
--> statement-breakpoint
ALTER TABLE "on_time_months" ADD CONSTRAINT "on_time_months_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A change to a completed inspection removes the kept on-time month it falls in, in the same
-- transaction, so that month is counted live until the daily record writes it again.
CREATE FUNCTION on_time_months_invalidate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM on_time_months m USING old_rows c
    WHERE c.status = 'completed' AND m.organization_id = c.organization_id
      AND c.completed_date >= (m.month::timestamp AT TIME ZONE m.time_zone)
      AND c.completed_date < ((m.month + interval '1 month')::timestamp AT TIME ZONE m.time_zone);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    DELETE FROM on_time_months m USING new_rows c
    WHERE c.status = 'completed' AND m.organization_id = c.organization_id
      AND c.completed_date >= (m.month::timestamp AT TIME ZONE m.time_zone)
      AND c.completed_date < ((m.month + interval '1 month')::timestamp AT TIME ZONE m.time_zone);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER on_time_months_invalidate_insert AFTER INSERT ON inspections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION on_time_months_invalidate();
--> statement-breakpoint
CREATE TRIGGER on_time_months_invalidate_update AFTER UPDATE ON inspections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION on_time_months_invalidate();
--> statement-breakpoint
CREATE TRIGGER on_time_months_invalidate_delete AFTER DELETE ON inspections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION on_time_months_invalidate();
--> statement-breakpoint
-- The current month is counted live from the index alone (its due dates included).
DROP INDEX IF EXISTS "inspections_org_completed_idx";
--> statement-breakpoint
CREATE INDEX "inspections_org_completed_idx" ON "inspections" USING btree ("organization_id","completed_date") INCLUDE ("due_date") WHERE "inspections"."status" = 'completed';
