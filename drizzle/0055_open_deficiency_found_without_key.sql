ALTER TABLE "open_deficiency_found" DROP CONSTRAINT "open_deficiency_found_deficiency_id_deficiencies_id_fk";
--> statement-breakpoint
-- The deficiency's deletion (its own, its inspection's, its property's) removes its row here,
-- so the table holds no key that undoing a property's deletion would have to restore.
CREATE OR REPLACE FUNCTION open_deficiency_found_keep() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM open_deficiency_found WHERE deficiency_id = OLD.id;
    RETURN NULL;
  END IF;
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
CREATE TRIGGER open_deficiency_found_forget
  AFTER DELETE ON deficiencies
  FOR EACH ROW EXECUTE FUNCTION open_deficiency_found_keep();
