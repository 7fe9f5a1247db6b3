ALTER TABLE "inspections" ADD COLUMN "completion_notes" text;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "attestation_role" text;--> statement-breakpoint
-- Until now completing an inspection wrote its notes over those typed when it was scheduled:
-- the notes a completed inspection holds are what its record showed as the result's notes,
-- so they become its findings (its instructions were lost or never typed).
UPDATE "inspections" SET "completion_notes" = "notes", "notes" = NULL WHERE "status" = 'completed' AND "notes" IS NOT NULL;--> statement-breakpoint
-- Every earlier attestation accepted "I performed this inspection as recorded.": a performer's.
UPDATE "inspections" SET "attestation_role" = 'performer' WHERE "attestation_statement" IS NOT NULL;
