CREATE TABLE "open_deficiency_found" (
	"deficiency_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"severity" "deficiency_severity" NOT NULL,
	"found_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_deficiency_found" ADD CONSTRAINT "open_deficiency_found_deficiency_id_deficiencies_id_fk" FOREIGN KEY ("deficiency_id") REFERENCES "public"."deficiencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_deficiency_found_org_idx" ON "open_deficiency_found" USING btree ("organization_id","found_at");--> statement-breakpoint
-- Kept by the writes themselves, so no write path can forget it: a deficiency's row exists while
-- it is open and carries its inspection's completion instant, else the instant it was recorded.
CREATE OR REPLACE FUNCTION open_deficiency_found_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.corrected_on IS NULL THEN
    INSERT INTO open_deficiency_found (deficiency_id, organization_id, property_id, severity, found_at)
    SELECT NEW.id, NEW.organization_id, NEW.property_id, NEW.severity,
      coalesce((SELECT i.completed_date FROM inspections i WHERE i.id = NEW.inspection_id), NEW.created_at)
    ON CONFLICT (deficiency_id) DO UPDATE SET organization_id = excluded.organization_id,
      property_id = excluded.property_id, severity = excluded.severity, found_at = excluded.found_at;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM open_deficiency_found WHERE deficiency_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER open_deficiency_found_keep
  AFTER INSERT OR UPDATE OF corrected_on, inspection_id, organization_id, property_id, severity, created_at ON deficiencies
  FOR EACH ROW EXECUTE FUNCTION open_deficiency_found_keep();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION open_deficiency_found_follow_inspection() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.completed_date IS DISTINCT FROM OLD.completed_date THEN
    UPDATE open_deficiency_found f SET found_at = coalesce(NEW.completed_date, d.created_at)
    FROM deficiencies d
    WHERE d.inspection_id = NEW.id AND f.deficiency_id = d.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER open_deficiency_found_follow_inspection
  AFTER UPDATE OF completed_date ON inspections
  FOR EACH ROW EXECUTE FUNCTION open_deficiency_found_follow_inspection();
--> statement-breakpoint
INSERT INTO open_deficiency_found (deficiency_id, organization_id, property_id, severity, found_at)
SELECT d.id, d.organization_id, d.property_id, d.severity, coalesce(i.completed_date, d.created_at)
FROM deficiencies d JOIN inspections i ON i.id = d.inspection_id
WHERE d.corrected_on IS NULL;
