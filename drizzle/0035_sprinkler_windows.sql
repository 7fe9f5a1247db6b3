-- Issue 37, windows (docs/decisions/037-due-windows.md). window_opens_on is derived by settle, as
-- next_due_date is: no history event of its own (0028's list, with it).
DROP TRIGGER history_capture ON requirements;
--> statement-breakpoint
CREATE TRIGGER history_capture AFTER INSERT OR UPDATE OR DELETE ON requirements
  FOR EACH ROW EXECUTE FUNCTION history_capture('search_activity', 'has_open_inspection', 'last_done_on', 'last_result', 'last_notes', 'next_due_date', 'last_done_unknown', 'next_due_estimated', 'last_done_stated_on', 'window_opens_on');
--> statement-breakpoint
-- NFPA 25's windows on the sprinkler rows the library already has (library/windows.ts: quarterly
-- 2 to 4 months, annual 9 to 15). The library's sync after the migrations writes the same; they
-- are set here so that the properties' requirements below can be counted from them.
UPDATE "requirement_library" SET "window_before_months" = 1, "window_after_months" = 1
WHERE "code_set" = 'us-nfpa' AND "key" = 'sprinkler_system.quarterly-inspection' AND "interval_months" = 3;
--> statement-breakpoint
UPDATE "requirement_library" SET "window_before_months" = 3, "window_after_months" = 3
WHERE "code_set" = 'us-nfpa' AND "key" = 'sprinkler_system.annual-inspection-and-test' AND "interval_months" = 12;
--> statement-breakpoint
-- A property's requirement of such a row, still at the library's interval and with a known last
-- day (a completion, or the day given when it was added), is due by the day its window closes,
-- counted from that day as settle now counts (nextDueFromSql in due-window.sql.ts). One never
-- done, due now, or at an interval of its own keeps its single day. Open inspections stay where
-- a person or recurrence put them.
UPDATE "requirements" r SET
  "next_due_date" = (coalesce(r."last_done_on", r."last_done_stated_on") + make_interval(months => r."interval_months" + l."window_after_months"))::date,
  "window_opens_on" = (coalesce(r."last_done_on", r."last_done_stated_on") + make_interval(months => r."interval_months" - l."window_before_months"))::date
FROM "requirement_library" l
WHERE l."id" = r."library_id" AND l."window_after_months" IS NOT NULL AND l."window_before_months" IS NOT NULL
  AND r."interval_months" = l."interval_months" AND r."interval_days" IS NULL
  AND coalesce(r."last_done_on", r."last_done_stated_on") IS NOT NULL;
--> statement-breakpoint
-- Their safety items and properties roll the new dates up (syncItem and syncProperty's rules).
UPDATE "compliance_items" ci SET "next_due_date" = s."next_due", "updated_at" = now()
FROM (
  SELECT "property_id", "item_type", min("next_due_date") AS "next_due" FROM "requirements"
  WHERE "active" AND "window_opens_on" IS NOT NULL GROUP BY "property_id", "item_type"
) w
JOIN LATERAL (
  SELECT min(r2."next_due_date") AS "next_due" FROM "requirements" r2
  WHERE r2."property_id" = w."property_id" AND r2."item_type" = w."item_type" AND r2."active"
) s ON true
WHERE ci."property_id" = w."property_id" AND ci."item_type" = w."item_type" AND ci."next_due_date" IS DISTINCT FROM s."next_due";
--> statement-breakpoint
UPDATE "properties" p SET "earliest_due_date" = s."earliest"
FROM (
  SELECT ci."property_id", min(ci."next_due_date") AS "earliest" FROM "compliance_items" ci
  WHERE ci."property_id" IN (SELECT "property_id" FROM "requirements" WHERE "window_opens_on" IS NOT NULL)
  GROUP BY ci."property_id"
) s
WHERE p."id" = s."property_id" AND p."earliest_due_date" IS DISTINCT FROM s."earliest";
--> statement-breakpoint
-- Answers remembered under the old dates are not served again (src/server/cache/account-cache.ts).
UPDATE "organizations" o SET "data_version" = o."data_version" + 1
WHERE o."id" IN (SELECT "organization_id" FROM "requirements" WHERE "window_opens_on" IS NOT NULL);
