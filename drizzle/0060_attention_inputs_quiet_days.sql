-- On a day when little is overdue every property's bound (its due dates counted as if all had
-- passed) can exceed the twentieth score, so the ranking scored them all. Kept from the row by
-- PostgreSQL itself, so the triggers' count and the rebuild need no change: the first two due
-- dates, which tell from an index whether a property has nothing, one item or more overdue
-- today, and the most it can score with nothing overdue (docs/insight.md "Speed").
DROP INDEX "attention_inputs_org_bound_idx";--> statement-breakpoint
ALTER TABLE "attention_inputs" ADD COLUMN "earliest_due" date GENERATED ALWAYS AS (coalesce(due_dates[1], 'infinity'::date)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "attention_inputs" ADD COLUMN "second_due" date GENERATED ALWAYS AS (coalesce(due_dates[2], 'infinity'::date)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "attention_inputs" ADD COLUMN "static_bound" integer GENERATED ALWAYS AS (8 * critical_open + 5 * never_inspected + CASE WHEN last_inspection_date IS NULL THEN 0 ELSE 12 END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "attention_inputs_org_bound_due_idx" ON "attention_inputs" USING btree ("organization_id","bound" DESC NULLS LAST,"second_due");--> statement-breakpoint
CREATE INDEX "attention_inputs_org_static_bound_due_idx" ON "attention_inputs" USING btree ("organization_id","static_bound" DESC NULLS LAST,"earliest_due","second_due");