CREATE TABLE "device_requirements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_requirements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"counts_from" text DEFAULT 'last_done' NOT NULL,
	"last_done_on" date,
	"last_result" "compliance_result",
	"next_due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"item_type" "inspection_type" NOT NULL,
	"subtype" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rating" text,
	"building" text,
	"floor" text,
	"room" text,
	"location_description" text,
	"tag" text NOT NULL,
	"serial_number" text,
	"manufacturer" text,
	"model" text,
	"manufactured_on" date,
	"installed_on" date,
	"status" text DEFAULT 'in_service' NOT NULL,
	"status_reason" text,
	"replaced_by_id" integer,
	"notes" text,
	"walk_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_status_check" CHECK ("devices"."status" in ('in_service', 'out_of_service', 'removed', 'replaced'))
);
--> statement-breakpoint
CREATE TABLE "walkthrough_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "walkthrough_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"walkthrough_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"failed_checks" text[],
	"deficiency_id" integer,
	"client_id" uuid NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walkthrough_results_result_check" CHECK ("walkthrough_results"."result" in ('pass', 'fail', 'not_accessible'))
);
--> statement-breakpoint
CREATE TABLE "walkthroughs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "walkthroughs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"requirement_id" integer NOT NULL,
	"inspection_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "walkthroughs_status_check" CHECK ("walkthroughs"."status" in ('open', 'finished', 'abandoned'))
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "public_tag_pages" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "deficiencies" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "device_requirements" ADD CONSTRAINT "device_requirements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_requirements" ADD CONSTRAINT "device_requirements_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_requirements" ADD CONSTRAINT "device_requirements_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_requirements" ADD CONSTRAINT "device_requirements_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_replaced_by_id_devices_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_results" ADD CONSTRAINT "walkthrough_results_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_results" ADD CONSTRAINT "walkthrough_results_walkthrough_id_walkthroughs_id_fk" FOREIGN KEY ("walkthrough_id") REFERENCES "public"."walkthroughs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_results" ADD CONSTRAINT "walkthrough_results_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_results" ADD CONSTRAINT "walkthrough_results_deficiency_id_deficiencies_id_fk" FOREIGN KEY ("deficiency_id") REFERENCES "public"."deficiencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_results" ADD CONSTRAINT "walkthrough_results_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthroughs" ADD CONSTRAINT "walkthroughs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthroughs" ADD CONSTRAINT "walkthroughs_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthroughs" ADD CONSTRAINT "walkthroughs_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthroughs" ADD CONSTRAINT "walkthroughs_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthroughs" ADD CONSTRAINT "walkthroughs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_requirements_device_requirement_key" ON "device_requirements" USING btree ("device_id","requirement_id");--> statement-breakpoint
CREATE INDEX "device_requirements_requirement_due_idx" ON "device_requirements" USING btree ("requirement_id","next_due_date");--> statement-breakpoint
CREATE INDEX "device_requirements_property_idx" ON "device_requirements" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "device_requirements_organization_idx" ON "device_requirements" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_tag_key" ON "devices" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "devices_property_walk_idx" ON "devices" USING btree ("property_id","item_type","building","floor","walk_order","id");--> statement-breakpoint
CREATE INDEX "devices_organization_idx" ON "devices" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "devices_serial_idx" ON "devices" USING btree ("organization_id","serial_number") WHERE "devices"."serial_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "walkthrough_results_device_key" ON "walkthrough_results" USING btree ("walkthrough_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "walkthrough_results_client_key" ON "walkthrough_results" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "walkthrough_results_device_idx" ON "walkthrough_results" USING btree ("device_id","recorded_at");--> statement-breakpoint
CREATE INDEX "walkthrough_results_organization_idx" ON "walkthrough_results" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "walkthroughs_open_key" ON "walkthroughs" USING btree ("property_id","requirement_id") WHERE "walkthroughs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "walkthroughs_inspection_idx" ON "walkthroughs" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "walkthroughs_organization_idx" ON "walkthroughs" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "deficiencies" ADD CONSTRAINT "deficiencies_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deficiencies_device_idx" ON "deficiencies" USING btree ("device_id") WHERE "deficiencies"."device_id" is not null;