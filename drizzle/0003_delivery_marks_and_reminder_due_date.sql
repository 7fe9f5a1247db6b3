DROP INDEX "reminder_logs_inspection_type_key";--> statement-breakpoint
ALTER TABLE "reminder_logs" ADD COLUMN "due_date" date;--> statement-breakpoint
UPDATE "reminder_logs" l SET "due_date" = i."due_date" FROM "inspections" i WHERE i."id" = l."inspection_id";--> statement-breakpoint
ALTER TABLE "reminder_logs" ALTER COLUMN "due_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reference_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_logs_inspection_type_due_key" ON "reminder_logs" USING btree ("inspection_id","reminder_type","due_date");
