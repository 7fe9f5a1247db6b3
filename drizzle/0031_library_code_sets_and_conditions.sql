ALTER TYPE "public"."inspection_type" ADD VALUE 'fire_doors' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'backflow_preventers' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'kitchen_hood_suppression' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'standpipes' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'emergency_generator' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'fire_smoke_dampers' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'smoke_co_alarms' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'fire_pump' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'special_hazard_suppression' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'private_hydrants_mains' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'water_storage_tanks' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."inspection_type" ADD VALUE 'smoke_control' BEFORE 'other';--> statement-breakpoint
CREATE TABLE "safety_item_answers" (
	"organization_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"item_type" "inspection_type" NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_item_answers_property_id_item_type_pk" PRIMARY KEY("property_id","item_type")
);
--> statement-breakpoint
DROP INDEX "requirement_library_type_activity_key";--> statement-breakpoint
DROP INDEX "requirement_library_principal_key";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "code_set" text DEFAULT 'us-nfpa' NOT NULL;--> statement-breakpoint
ALTER TABLE "requirement_library" ADD COLUMN "code_set" text DEFAULT 'us-nfpa' NOT NULL;--> statement-breakpoint
ALTER TABLE "requirement_library" ADD COLUMN "key" text;--> statement-breakpoint
-- Custom SQL: the rows seeded by 0011 get the keys the library's data names them by
-- (src/server/modules/requirements/library/), e.g. fire_extinguisher.annual-maintenance.
UPDATE "requirement_library" SET "key" = "item_type"::text || '.' || trim(both '-' from lower(regexp_replace("activity", '[^a-zA-Z0-9]+', '-', 'g')));--> statement-breakpoint
ALTER TABLE "requirement_library" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "requirement_library" ADD COLUMN "applies_when" jsonb;--> statement-breakpoint
ALTER TABLE "requirement_library" ADD COLUMN "window_before_months" integer;--> statement-breakpoint
ALTER TABLE "requirement_library" ADD COLUMN "window_after_months" integer;--> statement-breakpoint
ALTER TABLE "requirement_library" ADD COLUMN "counts_from" text DEFAULT 'last_done' NOT NULL;--> statement-breakpoint
ALTER TABLE "requirement_library" ADD COLUMN "retired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "window_opens_on" date;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "applies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_item_answers" ADD CONSTRAINT "safety_item_answers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_item_answers" ADD CONSTRAINT "safety_item_answers_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_library_set_key" ON "requirement_library" USING btree ("code_set","key");--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_library_set_type_activity_key" ON "requirement_library" USING btree ("code_set","item_type","activity") WHERE not "requirement_library"."retired";--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_library_set_principal_key" ON "requirement_library" USING btree ("code_set","item_type") WHERE "requirement_library"."principal" and not "requirement_library"."retired";