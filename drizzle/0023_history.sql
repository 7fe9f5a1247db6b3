CREATE TABLE "history_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "history_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"property_id" integer,
	"property_name" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_token_id" integer,
	"actor_name" text,
	"kind" text NOT NULL,
	"entity_table" text NOT NULL,
	"entity_id" integer,
	"subject" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "history_events_actor_kind_check" CHECK ("history_events"."actor_kind" in ('member', 'token', 'system'))
);
--> statement-breakpoint
ALTER TABLE "history_events" ADD CONSTRAINT "history_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_events_org_idx" ON "history_events" USING btree ("organization_id","id" desc);--> statement-breakpoint
CREATE INDEX "history_events_property_idx" ON "history_events" USING btree ("property_id","id" desc) WHERE "history_events"."property_id" is not null;--> statement-breakpoint
CREATE INDEX "history_events_actor_idx" ON "history_events" USING btree ("organization_id","actor_user_id","id" desc);