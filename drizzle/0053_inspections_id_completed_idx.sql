-- The deficiency-age figure finds each open deficiency's day from its inspection's completion:
-- read from this index alone instead of the inspections table (about 150 ms to 60 ms for
-- 30,000 open deficiencies, docs/insight.md "Speed"). Drizzle has no INCLUDE, so it is kept here.
CREATE INDEX "inspections_id_completed_idx" ON "inspections" USING btree ("id") INCLUDE ("completed_date");
