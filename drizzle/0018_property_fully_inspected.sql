-- DECISIONS "Compliance model": a property is pending while any of its items was never
-- inspected, not only while none was. properties.inspected now means "every item it has was
-- inspected" (false with no item); recompute it for every property.
UPDATE "properties" p SET "inspected" = coalesce(
  (SELECT bool_and(ci."last_inspection_date" IS NOT NULL) FROM "compliance_items" ci WHERE ci."property_id" = p."id"),
  false)
WHERE p."inspected" IS DISTINCT FROM coalesce(
  (SELECT bool_and(ci."last_inspection_date" IS NOT NULL) FROM "compliance_items" ci WHERE ci."property_id" = p."id"),
  false);
