-- Imports are now recorded only when finished. A row still "pending" or "processing" was
-- left by an import that a crash interrupted: its properties were rolled back.
UPDATE "csv_imports"
SET "status" = 'failed',
    "completed_at" = coalesce("completed_at", now()),
    "error_details" = '["The import was interrupted before it finished; nothing was imported. Please import the file again."]'::jsonb
WHERE "status" IN ('pending', 'processing');
