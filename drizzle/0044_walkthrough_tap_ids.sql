CREATE TABLE "walkthrough_tap_ids" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"walkthrough_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "walkthrough_tap_ids" ADD CONSTRAINT "walkthrough_tap_ids_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_tap_ids" ADD CONSTRAINT "walkthrough_tap_ids_walkthrough_id_walkthroughs_id_fk" FOREIGN KEY ("walkthrough_id") REFERENCES "public"."walkthroughs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "walkthrough_tap_ids" ADD CONSTRAINT "walkthrough_tap_ids_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "walkthrough_tap_ids_walkthrough_idx" ON "walkthrough_tap_ids" USING btree ("walkthrough_id","device_id");--> statement-breakpoint
CREATE INDEX "walkthrough_tap_ids_organization_idx" ON "walkthrough_tap_ids" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "walkthrough_tap_ids_device_idx" ON "walkthrough_tap_ids" USING btree ("device_id");--> statement-breakpoint
-- The ids of the taps that stand now are known already; those replaced before are not.
INSERT INTO "walkthrough_tap_ids" ("client_id", "organization_id", "walkthrough_id", "device_id", "recorded_at")
SELECT "client_id", "organization_id", "walkthrough_id", "device_id", "recorded_at" FROM "walkthrough_results";
