-- On a day when little is overdue every property's bound (its due dates counted as if all had
-- passed) can exceed the twentieth score, so the ranking would score them all. Kept from the
-- row by PostgreSQL itself, so the triggers' count and the rebuild need no change: the first
-- due date (a property whose first due date is today or later has nothing overdue) and the
-- most such a property can score (docs/insight.md "Speed").
ALTER TABLE "attention_inputs" ADD COLUMN "earliest_due" date GENERATED ALWAYS AS (due_dates[1]) STORED;--> statement-breakpoint
ALTER TABLE "attention_inputs" ADD COLUMN "static_bound" integer GENERATED ALWAYS AS (8 * critical_open + 5 * never_inspected + CASE WHEN last_inspection_date IS NULL THEN 0 ELSE 12 END) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "attention_inputs_org_earliest_due_idx" ON "attention_inputs" USING btree ("organization_id","earliest_due");--> statement-breakpoint
CREATE INDEX "attention_inputs_org_static_bound_idx" ON "attention_inputs" USING btree ("organization_id","static_bound" DESC NULLS LAST);