ALTER TABLE "requirements" ADD COLUMN "last_done_unknown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "last_done_stated_on" date;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "next_due_estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 35: a library requirement that is not its type's principal one and was never done got
-- a guessed first date when it was added (one interval after that day, within a year): nobody
-- was asked when it was last done. Each is "Last done not known"; its date is kept, and marked
-- estimated while it is still the guess (nothing scheduled has moved it).
UPDATE "requirements" r SET
	"last_done_unknown" = true,
	"next_due_estimated" = (NOT r."has_open_inspection" AND r."next_due_date" = least(
		g."began" + make_interval(months => coalesce(r."interval_months", 0), days => coalesce(r."interval_days", 0)),
		g."began" + interval '12 months')::date)
FROM (
	SELECT r2."id", (r2."created_at" AT TIME ZONE o."time_zone")::date AS "began"
	FROM "requirements" r2 JOIN "organizations" o ON o."id" = r2."organization_id"
) g
WHERE g."id" = r."id" AND r."library_id" IS NOT NULL AND NOT r."principal" AND r."last_done_on" IS NULL AND r."last_result" IS NULL;
