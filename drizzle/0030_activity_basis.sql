CREATE TYPE "public"."activity_basis" AS ENUM('stated', 'not_stated', 'assumed');--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "activity_basis" "activity_basis" DEFAULT 'stated' NOT NULL;--> statement-breakpoint
CREATE INDEX "inspections_activity_review_idx" ON "inspections" USING btree ("organization_id","completed_date") WHERE "inspections"."activity_basis" <> 'stated' and "inspections"."status" = 'completed';--> statement-breakpoint
-- Custom SQL (issue 37): migration 0011 pointed every inspection that existed before requirements
-- at its type's principal requirement. Those are the inspections created before the requirement
-- they count for (a requirement added with an inspection is created in the same transaction, at
-- the same instant); where the type has more than one active requirement at the property, which
-- activity was done is assumed, and listed for review. A type with one requirement leaves nothing
-- to choose, so its inspections stay stated. A data fix is no one's change: the history triggers
-- are paused for it.
ALTER TABLE "inspections" DISABLE TRIGGER "history_capture";--> statement-breakpoint
UPDATE "inspections" i SET "activity_basis" = 'assumed'
FROM "requirements" r
WHERE r."id" = i."requirement_id" AND r."principal" AND i."created_at" < r."created_at"
	AND (SELECT count(*) FROM "requirements" o WHERE o."property_id" = r."property_id" AND o."item_type" = r."item_type" AND o."active") > 1;--> statement-breakpoint
ALTER TABLE "inspections" ENABLE TRIGGER "history_capture";
