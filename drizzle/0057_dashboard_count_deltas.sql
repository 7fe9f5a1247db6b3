CREATE TYPE "public"."dashboard_count_kind" AS ENUM('property', 'passing_property', 'open_inspection');--> statement-breakpoint
CREATE TABLE "dashboard_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"kind" "dashboard_count_kind" NOT NULL,
	"due_on" date,
	"delta" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_count_deltas" ADD CONSTRAINT "dashboard_count_deltas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_count_deltas_org_kind_due_idx" ON "dashboard_count_deltas" USING btree ("organization_id","kind","due_on");--> statement-breakpoint
-- Each statement that changes properties adds, per organisation, the change in properties
-- ('property') and in properties with every item inspected and nothing failed by earliest due
-- date ('passing_property'). Organisations being deleted in the same statement are left out
-- (their rows go with them).
CREATE FUNCTION dashboard_count_deltas_properties() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_count_deltas (organization_id, kind, due_on, delta)
    SELECT organization_id, kind, due_on, sum(delta)::int FROM (
      SELECT organization_id, 'property'::dashboard_count_kind AS kind, NULL::date AS due_on, 1 AS delta FROM new_rows
      UNION ALL
      SELECT organization_id, 'passing_property', earliest_due_date, 1 FROM new_rows WHERE inspected AND NOT has_failure
    ) changed
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = changed.organization_id)
    GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_count_deltas (organization_id, kind, due_on, delta)
    SELECT organization_id, kind, due_on, sum(delta)::int FROM (
      SELECT organization_id, 'property'::dashboard_count_kind AS kind, NULL::date AS due_on, -1 AS delta FROM old_rows
      UNION ALL
      SELECT organization_id, 'passing_property', earliest_due_date, -1 FROM old_rows WHERE inspected AND NOT has_failure
    ) changed
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = changed.organization_id)
    GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO dashboard_count_deltas (organization_id, kind, due_on, delta)
    SELECT organization_id, kind, due_on, sum(delta)::int FROM (
      SELECT organization_id, 'property'::dashboard_count_kind AS kind, NULL::date AS due_on, 1 AS delta FROM new_rows
      UNION ALL
      SELECT organization_id, 'passing_property', earliest_due_date, 1 FROM new_rows WHERE inspected AND NOT has_failure
      UNION ALL
      SELECT organization_id, 'property', NULL, -1 FROM old_rows
      UNION ALL
      SELECT organization_id, 'passing_property', earliest_due_date, -1 FROM old_rows WHERE inspected AND NOT has_failure
    ) changed
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = changed.organization_id)
    GROUP BY 1, 2, 3 HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The same for inspections: the change in open inspections (scheduled or in progress) by due date.
CREATE FUNCTION dashboard_count_deltas_inspections() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dashboard_count_deltas (organization_id, kind, due_on, delta)
    SELECT organization_id, 'open_inspection', due_date, count(*)::int FROM new_rows
    WHERE status IN ('scheduled', 'in_progress')
      AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = new_rows.organization_id)
    GROUP BY 1, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO dashboard_count_deltas (organization_id, kind, due_on, delta)
    SELECT organization_id, 'open_inspection', due_date, -count(*)::int FROM old_rows
    WHERE status IN ('scheduled', 'in_progress')
      AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = old_rows.organization_id)
    GROUP BY 1, 3;
  ELSE
    INSERT INTO dashboard_count_deltas (organization_id, kind, due_on, delta)
    SELECT organization_id, 'open_inspection', due_on, sum(delta)::int FROM (
      SELECT organization_id, due_date AS due_on, 1 AS delta FROM new_rows WHERE status IN ('scheduled', 'in_progress')
      UNION ALL
      SELECT organization_id, due_date, -1 FROM old_rows WHERE status IN ('scheduled', 'in_progress')
    ) changed
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = changed.organization_id)
    GROUP BY 1, 3 HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_count_deltas_capture_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_deltas_properties();
--> statement-breakpoint
CREATE TRIGGER dashboard_count_deltas_capture_update AFTER UPDATE ON properties
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_deltas_properties();
--> statement-breakpoint
CREATE TRIGGER dashboard_count_deltas_capture_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_deltas_properties();
--> statement-breakpoint
CREATE TRIGGER dashboard_count_deltas_capture_insert AFTER INSERT ON inspections
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_deltas_inspections();
--> statement-breakpoint
CREATE TRIGGER dashboard_count_deltas_capture_update AFTER UPDATE ON inspections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_deltas_inspections();
--> statement-breakpoint
CREATE TRIGGER dashboard_count_deltas_capture_delete AFTER DELETE ON inspections
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_count_deltas_inspections();
--> statement-breakpoint
-- The properties and open inspections there are now.
INSERT INTO dashboard_count_deltas (organization_id, kind, due_on, delta)
SELECT organization_id, 'property'::dashboard_count_kind, NULL::date, count(*)::int FROM properties GROUP BY 1
UNION ALL
SELECT organization_id, 'passing_property', earliest_due_date, count(*)::int FROM properties WHERE inspected AND NOT has_failure GROUP BY 1, 3
UNION ALL
SELECT organization_id, 'open_inspection', due_date, count(*)::int FROM inspections WHERE status IN ('scheduled', 'in_progress') GROUP BY 1, 3
ORDER BY 1, 2, 3;
