CREATE TABLE "attention_inputs" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"never_inspected" integer NOT NULL,
	"critical_open" integer NOT NULL,
	"last_inspection_date" date,
	"due_dates" date[] DEFAULT '{}' NOT NULL,
	"bound" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attention_inputs_org_bound_idx" ON "attention_inputs" USING btree ("organization_id","bound" DESC NULLS LAST);--> statement-breakpoint
-- Kept by the writes themselves (as open_deficiency_found), so no write path can forget it: each
-- statement on compliance_items or deficiencies notes the properties it touched, and when its
-- transaction commits their rows are counted again from their items and open critical
-- deficiencies, once per property (docs/decisions/044-insight-history.md, "The attention inputs").
--
-- Two transactions may write one property at once. Each counts its properties again at its
-- commit, as the last thing it does, under a transaction lock per property (hashed into 256, so
-- a transaction touching thousands of properties holds at most 256 locks) taken in ascending
-- order, and counts in a statement after the locks, whose fresh snapshot (READ COMMITTED; the
-- functions are VOLATILE) sees whatever the lock's previous holder committed. While one holds a
-- property's lock no other writer of it can commit (its own count waits for the lock), so the
-- last to commit counts everything committed before it. Taken at commit rather than at the
-- write, the locks are never held while waiting for anything else, so they cannot close a
-- deadlock with row locks or other triggers' locks.
CREATE UNLOGGED TABLE "attention_inputs_pending" (
	"property_ids" integer[] NOT NULL,
	-- True on a transaction's first row only: its commit counts them all, once.
	"settles" boolean NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attention_inputs_lock(ids integer[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE slot integer;
BEGIN
  FOR slot IN SELECT DISTINCT id % 256 FROM unnest(ids) id ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('attention_inputs'), slot);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Upserted, and removed when nothing is left to count, rather than deleted and inserted again.
CREATE OR REPLACE FUNCTION attention_inputs_refresh(ids integer[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
  INSERT INTO attention_inputs (property_id, organization_id, never_inspected, critical_open, last_inspection_date, due_dates, bound)
  SELECT p.id, p.organization_id, k.never, k.critical, k.last_done, k.due_dates,
    10 * cardinality(k.due_dates) + 8 * k.critical + 5 * k.never + CASE WHEN k.last_done IS NULL THEN 0 ELSE 12 END
  FROM properties p
  CROSS JOIN LATERAL (
    SELECT
      (SELECT count(*)::int FROM compliance_items ci WHERE ci.property_id = p.id AND ci.status = 'never_inspected') AS never,
      (SELECT count(*)::int FROM deficiencies d
        WHERE d.property_id = p.id AND d.corrected_on IS NULL AND d.severity = 'critical') AS critical,
      (SELECT max(ci.last_inspection_date) FROM compliance_items ci WHERE ci.property_id = p.id) AS last_done,
      coalesce((SELECT array_agg(ci.next_due_date ORDER BY ci.next_due_date) FROM compliance_items ci
        WHERE ci.property_id = p.id AND ci.status <> 'non_compliant' AND ci.next_due_date IS NOT NULL), '{}') AS due_dates,
      EXISTS (SELECT 1 FROM compliance_items ci WHERE ci.property_id = p.id) AS has_items
  ) k
  WHERE p.id = ANY(ids) AND (k.has_items OR k.critical > 0)
  ON CONFLICT (property_id) DO UPDATE SET organization_id = excluded.organization_id,
    never_inspected = excluded.never_inspected, critical_open = excluded.critical_open,
    last_inspection_date = excluded.last_inspection_date, due_dates = excluded.due_dates, bound = excluded.bound;
  DELETE FROM attention_inputs a
  WHERE a.property_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM compliance_items ci WHERE ci.property_id = a.property_id)
    AND NOT EXISTS (SELECT 1 FROM deficiencies d
      WHERE d.property_id = a.property_id AND d.corrected_on IS NULL AND d.severity = 'critical');
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attention_inputs_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT property_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT property_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT property_id) INTO ids FROM (SELECT property_id FROM new_rows UNION SELECT property_id FROM old_rows) t;
  END IF;
  IF ids IS NOT NULL THEN
    -- A transaction-local flag (undone with a rolled-back savepoint, as the row it marks), so
    -- one row per transaction queues the count at commit however many statements it runs.
    INSERT INTO attention_inputs_pending (property_ids, settles)
    VALUES (ids, coalesce(current_setting('attention_inputs.pending', true), '') = '');
    PERFORM set_config('attention_inputs.pending', 'on', true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION attention_inputs_settle() RETURNS trigger
LANGUAGE plpgsql VOLATILE AS $$
DECLARE ids integer[];
BEGIN
  -- Every row this transaction noted (others' are not yet visible to it; none outlives its
  -- transaction).
  WITH taken AS (DELETE FROM attention_inputs_pending RETURNING property_ids)
  SELECT array_agg(DISTINCT id ORDER BY id) INTO ids FROM taken CROSS JOIN LATERAL unnest(taken.property_ids) id;
  PERFORM set_config('attention_inputs.pending', '', true);
  IF ids IS NOT NULL THEN
    PERFORM attention_inputs_lock(ids);
    -- A new statement, so a new snapshot: it sees what the locks' previous holders committed.
    PERFORM attention_inputs_refresh(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER attention_inputs_settle AFTER INSERT ON attention_inputs_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.settles) EXECUTE FUNCTION attention_inputs_settle();
--> statement-breakpoint
CREATE TRIGGER attention_inputs_items_insert AFTER INSERT ON compliance_items
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_inputs_follow();
--> statement-breakpoint
CREATE TRIGGER attention_inputs_items_update AFTER UPDATE ON compliance_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_inputs_follow();
--> statement-breakpoint
CREATE TRIGGER attention_inputs_items_delete AFTER DELETE ON compliance_items
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_inputs_follow();
--> statement-breakpoint
CREATE TRIGGER attention_inputs_deficiencies_insert AFTER INSERT ON deficiencies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_inputs_follow();
--> statement-breakpoint
CREATE TRIGGER attention_inputs_deficiencies_update AFTER UPDATE ON deficiencies
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_inputs_follow();
--> statement-breakpoint
CREATE TRIGGER attention_inputs_deficiencies_delete AFTER DELETE ON deficiencies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION attention_inputs_follow();
--> statement-breakpoint
-- Whole organisations at once, set-based: for this migration and for loads written without
-- triggers (the bench's seed).
-- Takes the locks of all the organisations' properties, so call it last in its transaction.
CREATE OR REPLACE FUNCTION attention_inputs_rebuild(org_ids integer[]) RETURNS void
LANGUAGE sql VOLATILE AS $$
  SELECT attention_inputs_lock(array(SELECT id FROM properties WHERE organization_id = ANY(org_ids)));
  DELETE FROM attention_inputs WHERE organization_id = ANY(org_ids);
  INSERT INTO attention_inputs (property_id, organization_id, never_inspected, critical_open, last_inspection_date, due_dates, bound)
SELECT p.id, p.organization_id, coalesce(i.never, 0), coalesce(c.n, 0), i.last_done, coalesce(i.due_dates, '{}'),
  10 * coalesce(cardinality(i.due_dates), 0) + 8 * coalesce(c.n, 0) + 5 * coalesce(i.never, 0)
    + CASE WHEN i.last_done IS NULL THEN 0 ELSE 12 END
FROM properties p
LEFT JOIN (
  SELECT ci.property_id, count(*) FILTER (WHERE ci.status = 'never_inspected')::int AS never,
    max(ci.last_inspection_date) AS last_done,
    array_agg(ci.next_due_date ORDER BY ci.next_due_date) FILTER (WHERE ci.status <> 'non_compliant' AND ci.next_due_date IS NOT NULL) AS due_dates
  FROM compliance_items ci JOIN properties ip ON ip.id = ci.property_id AND ip.organization_id = ANY(org_ids)
  GROUP BY ci.property_id
) i ON i.property_id = p.id
LEFT JOIN (
  SELECT d.property_id, count(*)::int AS n FROM deficiencies d JOIN properties dp ON dp.id = d.property_id AND dp.organization_id = ANY(org_ids)
  WHERE d.corrected_on IS NULL AND d.severity = 'critical' GROUP BY d.property_id
) c ON c.property_id = p.id
WHERE p.organization_id = ANY(org_ids) AND (i.property_id IS NOT NULL OR c.n > 0);
$$;
--> statement-breakpoint
SELECT attention_inputs_rebuild(array(SELECT id FROM organizations));
