ALTER TABLE "device_requirements" ADD COLUMN "joined_due_on" date;--> statement-breakpoint
-- Rows never done keep the date they joined the round with; the others' is not known, and they
-- do not need it while a walk-through's day stands.
UPDATE "device_requirements" SET "joined_due_on" = "next_due_date" WHERE "last_done_on" IS NULL AND "counts_from" = 'last_done';
