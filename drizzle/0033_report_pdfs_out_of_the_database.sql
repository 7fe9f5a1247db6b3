-- Report PDFs live in the file store (disk or S3). The column that held the bytes of reports
-- made before that is dropped here when no row keeps bytes in it. Where some still do, it stays:
-- start-up moves them to the store, checking each copy's SHA-256, and drops it once empty
-- (src/server/modules/reports/report-files.ts, docs/decisions/035-object-storage.md).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "reports" WHERE "pdf" IS NOT NULL) THEN
    ALTER TABLE "reports" DROP COLUMN "pdf";
  END IF;
END $$;
