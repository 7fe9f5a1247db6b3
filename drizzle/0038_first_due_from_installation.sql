ALTER TABLE "requirement_library" ADD COLUMN "first_after_months" integer;--> statement-breakpoint
-- Rows counted from installation or manufacture (decision 041): the first is due that day plus
-- first_after_months (written by syncLibrary after the migrations), later ones every interval.
-- A data fix is no one's change (as 0030): the history triggers are paused for it.
ALTER TABLE "requirements" DISABLE TRIGGER "history_capture";--> statement-breakpoint
-- NFPA 25 (2023) 5.3.1: after the first field test at 50, 20 or 15 years, sprinklers are tested
-- every 10 years. Requirements that kept the old interval take the repeat (a changed interval
-- stays); one with a test recorded is next due 10 years after it.
UPDATE "requirements" r SET "interval_months" = v."repeat",
  "next_due_date" = CASE WHEN r."last_done_on" IS NOT NULL THEN (r."last_done_on" + make_interval(months => v."repeat"))::date ELSE r."next_due_date" END,
  "updated_at" = now()
FROM "requirement_library" l
JOIN (VALUES
  ('sprinkler_system.sprinkler-field-test-standard', 600, 120),
  ('sprinkler_system.sprinkler-field-test-fast-response', 240, 120),
  ('sprinkler_system.sprinkler-field-test-dry', 180, 120)
) AS v("key", "old", "repeat") ON v."key" = l."key"
WHERE r."library_id" = l."id" AND r."interval_months" = v."old" AND r."interval_days" IS NULL;--> statement-breakpoint
-- A day given when the item was added is the installation (or manufacture) day: the first is
-- due that day plus its first-after months (the smoke detectors' sensitivity test: 1 year).
UPDATE "requirements" r SET "next_due_date" = (r."last_done_stated_on" + make_interval(months => v."first"))::date, "updated_at" = now()
FROM "requirement_library" l
JOIN (VALUES ('smoke_detectors.sensitivity-test', 12)) AS v("key", "first") ON v."key" = l."key"
WHERE r."library_id" = l."id" AND r."last_done_on" IS NULL AND r."last_done_stated_on" IS NOT NULL;--> statement-breakpoint
-- "Not known" for these is not due now: nothing says the sprinklers are 50 years old. Due a year
-- after the requirement was added, estimated, until someone reads the label (as migration 0027).
UPDATE "requirements" r SET "next_due_date" = ((r."created_at" AT TIME ZONE o."time_zone")::date + interval '12 months')::date,
  "next_due_estimated" = true, "updated_at" = now()
FROM "requirement_library" l, "organizations" o
WHERE r."library_id" = l."id" AND o."id" = r."organization_id"
  -- By key too: a row an earlier migration of this run inserted gets its counts_from from the sync after.
  AND (l."counts_from" IN ('installation', 'manufacture') OR l."key" IN ('sprinkler_system.sprinkler-field-test-standard',
    'sprinkler_system.sprinkler-field-test-fast-response', 'sprinkler_system.sprinkler-field-test-dry', 'sprinkler_system.sprinkler-field-test-harsh',
    'smoke_detectors.sensitivity-test', 'smoke_detectors.10-year-smoke-alarm-replacement', 'smoke_co_alarms.10-year-smoke-alarm-replacement',
    'smoke_co_alarms.co-alarm-replacement', 'fire_extinguisher.replace-non-rechargeable', 'kitchen_hood_suppression.12-year-cylinder-hydrostatic-test'))
  AND r."last_done_on" IS NULL AND r."last_done_stated_on" IS NULL AND r."last_done_unknown" AND NOT r."next_due_estimated";--> statement-breakpoint
-- The replacement's copied note said it was due now without a manufacture date; no longer so.
UPDATE "requirements" SET "note" = 'Non-rechargeable units get no 6-year maintenance nor hydrostatic test; they leave service 12 years after manufacture'
WHERE "note" = 'Non-rechargeable units get no 6-year maintenance nor hydrostatic test; they leave service 12 years after manufacture. Without a manufacture date it is due now';--> statement-breakpoint
ALTER TABLE "requirements" ENABLE TRIGGER "history_capture";--> statement-breakpoint
-- The safety items and properties follow (syncItem, syncProperty): next due the earliest.
UPDATE "compliance_items" ci SET "next_due_date" = s."due", "updated_at" = now()
FROM (SELECT "property_id", "item_type", min("next_due_date") AS "due" FROM "requirements" WHERE "active" GROUP BY 1, 2) s
WHERE ci."property_id" = s."property_id" AND ci."item_type" = s."item_type" AND ci."next_due_date" IS DISTINCT FROM s."due";--> statement-breakpoint
UPDATE "properties" p SET "earliest_due_date" = s."due"
FROM (SELECT "property_id", min("next_due_date") AS "due" FROM "compliance_items" GROUP BY 1) s
WHERE p."id" = s."property_id" AND p."earliest_due_date" IS DISTINCT FROM s."due";--> statement-breakpoint
-- Answers remembered under the old dates are not served again (src/server/cache/account-cache.ts).
UPDATE "organizations" o SET "data_version" = o."data_version" + 1
WHERE o."id" IN (
  SELECT r."organization_id" FROM "requirements" r JOIN "requirement_library" l ON l."id" = r."library_id"
  WHERE l."counts_from" IN ('installation', 'manufacture') OR l."key" = 'fire_extinguisher.replace-non-rechargeable'
);
