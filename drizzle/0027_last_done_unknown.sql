ALTER TABLE "requirements" ADD COLUMN "last_done_unknown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "last_done_stated_on" date;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "next_due_estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 35: every library requirement that is not its type's principal one got a first date
-- guessed from the day it was added (one interval after that day, within a year): nobody was
-- asked when it was last done. Those never done since are "Last done not known", their dates
-- kept and marked estimated until someone records the real one.
UPDATE "requirements" SET "last_done_unknown" = true, "next_due_estimated" = true
WHERE "library_id" IS NOT NULL AND NOT "principal" AND "last_done_on" IS NULL AND "last_result" IS NULL;
