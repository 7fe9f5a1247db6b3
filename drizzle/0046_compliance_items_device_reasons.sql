ALTER TABLE "compliance_items" ADD COLUMN "result_failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_items" ADD COLUMN "devices_out_of_service" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_items" ADD COLUMN "devices_with_open_deficiency" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What each item's status stands on (syncItem, device-rollup.sql.ts): its requirements' failed
-- result, and its devices out of service or with a deficiency not corrected.
UPDATE "compliance_items" ci SET
  "result_failed" = exists (select 1 from requirements r where r.property_id = ci.property_id and r.item_type = ci.item_type and r.active and r.last_result = 'non_compliant'),
  "devices_out_of_service" = (select count(*)::int from devices d where d.property_id = ci.property_id and d.item_type = ci.item_type and d.status = 'out_of_service'),
  "devices_with_open_deficiency" = (select count(distinct d.id)::int from deficiencies df join devices d on d.id = df.device_id
    where df.property_id = ci.property_id and df.item_type = ci.item_type and df.corrected_on is null and d.status in ('in_service', 'out_of_service'));
