CREATE TABLE "requirement_due_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"due_on" date NOT NULL,
	"item_type" "inspection_type" NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requirement_due_deltas" ADD CONSTRAINT "requirement_due_deltas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requirement_due_deltas_org_due_idx" ON "requirement_due_deltas" USING btree ("organization_id","due_on");--> statement-breakpoint
-- Each statement that changes requirements adds, per organisation, due day and type, the change
-- in requirements due and not scheduled (active, no open inspection). Organisations being
-- deleted in the same statement are left out (their rows go with them).
CREATE FUNCTION requirement_due_deltas_capture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO requirement_due_deltas (organization_id, due_on, item_type, delta)
    SELECT organization_id, next_due_date, item_type, count(*)::int FROM new_rows
    WHERE active AND NOT has_open_inspection AND next_due_date IS NOT NULL
      AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = new_rows.organization_id)
    GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO requirement_due_deltas (organization_id, due_on, item_type, delta)
    SELECT organization_id, next_due_date, item_type, -count(*)::int FROM old_rows
    WHERE active AND NOT has_open_inspection AND next_due_date IS NOT NULL
      AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = old_rows.organization_id)
    GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO requirement_due_deltas (organization_id, due_on, item_type, delta)
    SELECT organization_id, due_on, item_type, sum(delta)::int FROM (
      SELECT organization_id, next_due_date AS due_on, item_type, 1 AS delta FROM new_rows
      WHERE active AND NOT has_open_inspection AND next_due_date IS NOT NULL
      UNION ALL
      SELECT organization_id, next_due_date, item_type, -1 FROM old_rows
      WHERE active AND NOT has_open_inspection AND next_due_date IS NOT NULL
    ) changed
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = changed.organization_id)
    GROUP BY 1, 2, 3 HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER requirement_due_deltas_capture_insert AFTER INSERT ON requirements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION requirement_due_deltas_capture();
--> statement-breakpoint
CREATE TRIGGER requirement_due_deltas_capture_update AFTER UPDATE ON requirements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION requirement_due_deltas_capture();
--> statement-breakpoint
CREATE TRIGGER requirement_due_deltas_capture_delete AFTER DELETE ON requirements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION requirement_due_deltas_capture();
--> statement-breakpoint
-- The requirements there are now.
INSERT INTO requirement_due_deltas (organization_id, due_on, item_type, delta)
SELECT organization_id, next_due_date, item_type, count(*)::int FROM requirements
WHERE active AND NOT has_open_inspection AND next_due_date IS NOT NULL
GROUP BY 1, 2, 3;
