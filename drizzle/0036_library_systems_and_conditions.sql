-- Issue 37 §1: the sprinkler and fire alarm items the library folded away are requirements of
-- their own. The ones that apply to every such system come in here under their keys, so the
-- library's sync after the migrations fills them in place from the data
-- (library/us-nfpa/sprinkler-system.ts, fire-alarm.ts). Rows that depend on what the item is
-- (how its valves are secured, its kinds of sprinklers, a backflow preventer, waterflow
-- switches) are not given to existing items here: they come when the item's questions are
-- answered (reconcileAnswers adds the rows that then apply), so nobody gets sealed, locked and
-- supervised valve inspections at once for one system.
INSERT INTO "requirement_library" ("code_set", "key", "item_type", "activity", "interval_months", "source", "note", "principal", "sort_order")
SELECT 'us-nfpa', v."key", v."item_type"::inspection_type, v."activity", v."months", v."source", NULL, false, v."sort_order"
FROM (VALUES
  ('sprinkler_system.5-year-internal-pipe-assessment', 'sprinkler_system', '5-year internal assessment of piping', 60, 'NFPA 25 (2023) 14.2.1', 8),
  ('sprinkler_system.5-year-gauge-replacement-or-test', 'sprinkler_system', '5-year gauge replacement or test', 60, 'NFPA 25 (2023) Table 5.1.1.2', 9),
  ('fire_alarm.semiannual-initiating-device-inspection', 'fire_alarm', 'Semiannual visual inspection of initiating devices', 6, 'NFPA 72 (2022) Table 14.3.1', 2),
  ('fire_alarm.semiannual-sealed-battery-inspection', 'fire_alarm', 'Semiannual sealed battery inspection', 6, 'NFPA 72 (2022) Table 14.3.1', 3)
) AS v("key", "item_type", "activity", "months", "source", "sort_order")
WHERE EXISTS (SELECT 1 FROM "requirement_library" WHERE "code_set" = 'us-nfpa')
ON CONFLICT ("code_set", "key") DO NOTHING;--> statement-breakpoint
-- Each existing sprinkler system and fire alarm of the set gets them: last done not known, so
-- due now (decision 034), as 0034 did for the extinguisher's 5-year hydrostatic test.
INSERT INTO "requirements" ("organization_id", "property_id", "item_type", "library_id", "activity", "interval_months", "source", "note",
  "principal", "next_due_date", "last_done_unknown")
SELECT DISTINCT ON (r."property_id", n."id") r."organization_id", r."property_id", r."item_type", n."id", n."activity", n."interval_months", n."source", n."note",
  false, (now() AT TIME ZONE org."time_zone")::date, true
FROM "requirements" r
JOIN "requirement_library" t ON t."id" = r."library_id" AND t."code_set" = 'us-nfpa'
JOIN "requirement_library" n ON n."code_set" = t."code_set" AND n."item_type" = t."item_type"
  AND n."key" IN ('sprinkler_system.5-year-internal-pipe-assessment', 'sprinkler_system.5-year-gauge-replacement-or-test',
    'fire_alarm.semiannual-initiating-device-inspection', 'fire_alarm.semiannual-sealed-battery-inspection')
JOIN "organizations" org ON org."id" = r."organization_id"
WHERE r."item_type" IN ('sprinkler_system', 'fire_alarm')
ORDER BY r."property_id", n."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- NFPA 101's egress door inspection applies only to some doors in some occupancies, so it is no
-- longer the principal requirement of every property's exits: the monthly exit sign check is.
-- An inspection that names no requirement was counted for the door inspection: it keeps it.
UPDATE "inspections" i SET "requirement_id" = r."id"
FROM "requirements" r
JOIN "requirement_library" l ON l."id" = r."library_id" AND l."code_set" = 'us-nfpa' AND l."key" = 'emergency_exits.annual-egress-door-inspection'
WHERE r."principal" AND i."property_id" = r."property_id" AND i."inspection_type" = 'emergency_exits' AND i."requirement_id" IS NULL;--> statement-breakpoint
UPDATE "requirements" r SET "principal" = false, "updated_at" = now()
FROM "requirement_library" l
WHERE l."id" = r."library_id" AND l."code_set" = 'us-nfpa' AND l."key" = 'emergency_exits.annual-egress-door-inspection' AND r."principal";--> statement-breakpoint
UPDATE "requirements" r SET "principal" = true, "updated_at" = now()
FROM "requirement_library" l
WHERE l."id" = r."library_id" AND l."code_set" = 'us-nfpa' AND l."key" = 'emergency_exits.monthly-exit-sign-check' AND NOT r."principal"
  AND NOT EXISTS (SELECT 1 FROM "requirements" p WHERE p."property_id" = r."property_id" AND p."item_type" = r."item_type" AND p."principal");--> statement-breakpoint
-- The notes copied from the library say when the rows apply: the ones that changed follow, unless
-- a property wrote its own.
UPDATE "requirements" r SET "note" = v."note", "updated_at" = now()
FROM "requirement_library" l
JOIN (VALUES
  ('emergency_exits.annual-egress-door-inspection', 'Where the occupancy chapter requires it',
    'Doors with panic or fire exit hardware, exit enclosure doors and electrically controlled or specially locked doors, where the occupancy chapter requires it'),
  ('emergency_lighting.annual-90-minute-test', 'Battery-powered emergency lighting',
    'Battery-powered emergency lighting; a generator follows NFPA 110 (Emergency Generator)'),
  ('smoke_detectors.sensitivity-test', 'Within 1 year of installation, then every alternate year',
    'Within 1 year of installation, then every alternate year; not where the panel monitors sensitivity')
) AS v("key", "old_note", "note") ON v."key" = l."key" AND l."code_set" = 'us-nfpa'
WHERE l."id" = r."library_id" AND r."note" = v."old_note";--> statement-breakpoint
-- The safety items and properties follow (syncItem, syncProperty): next due the earliest.
UPDATE "compliance_items" ci SET "next_due_date" = s."due", "updated_at" = now()
FROM (
  SELECT "property_id", "item_type", min("next_due_date") AS "due" FROM "requirements"
  WHERE "item_type" IN ('sprinkler_system', 'fire_alarm') AND "active" GROUP BY 1, 2
) s
WHERE ci."property_id" = s."property_id" AND ci."item_type" = s."item_type" AND ci."next_due_date" IS DISTINCT FROM s."due";--> statement-breakpoint
UPDATE "properties" p SET "earliest_due_date" = s."due"
FROM (SELECT "property_id", min("next_due_date") AS "due" FROM "compliance_items" GROUP BY 1) s
WHERE p."id" = s."property_id" AND p."earliest_due_date" IS DISTINCT FROM s."due";--> statement-breakpoint
-- Answers remembered under the old requirements are not served again (src/server/cache/account-cache.ts).
UPDATE "organizations" o SET "data_version" = o."data_version" + 1
WHERE o."id" IN (
  SELECT r."organization_id" FROM "requirements" r JOIN "requirement_library" l ON l."id" = r."library_id"
  WHERE l."code_set" = 'us-nfpa' AND l."key" IN ('sprinkler_system.5-year-internal-pipe-assessment', 'sprinkler_system.5-year-gauge-replacement-or-test',
    'fire_alarm.semiannual-initiating-device-inspection', 'fire_alarm.semiannual-sealed-battery-inspection', 'emergency_exits.monthly-exit-sign-check')
);
