CREATE TABLE "property_status_changes" (
	"organization_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"day" date NOT NULL,
	"has_failure" boolean NOT NULL,
	"inspected" boolean NOT NULL,
	"earliest_due_date" date,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_status_changes_property_id_day_pk" PRIMARY KEY("property_id","day")
);
--> statement-breakpoint
CREATE TABLE "status_days" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"compliant" integer NOT NULL,
	"pending" integer NOT NULL,
	"non_compliant" integer NOT NULL,
	"total" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
ALTER TABLE "property_status_changes" ADD CONSTRAINT "property_status_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_status_changes" ADD CONSTRAINT "property_status_changes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "status_days" ADD CONSTRAINT "status_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_status_changes_org_property_day_idx" ON "property_status_changes" USING btree ("organization_id","property_id","day");--> statement-breakpoint
CREATE INDEX "inspections_org_completed_idx" ON "inspections" USING btree ("organization_id","completed_date") WHERE "inspections"."status" = 'completed';