CREATE TYPE "public"."member_role" AS ENUM('owner', 'admin', 'manager', 'inspector', 'viewer');--> statement-breakpoint
CREATE TABLE "membership_properties" (
	"membership_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	CONSTRAINT "membership_properties_membership_id_property_id_pk" PRIMARY KEY("membership_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" "member_role" NOT NULL,
	"all_properties" boolean DEFAULT true NOT NULL,
	"inspector_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_all_properties_for_owners_and_admins" CHECK ("memberships"."role" not in ('owner', 'admin') or "memberships"."all_properties")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"plan" "plan" DEFAULT 'free' NOT NULL,
	"pro_until" timestamp with time zone,
	"plan_source" text,
	"trial_started_at" timestamp with time zone,
	"first_paid_at" timestamp with time zone,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every account becomes the owner of an organisation of its own that holds all its data: the
-- organisation takes the account's id, so every owned row's user_id, renamed organization_id
-- below, names it as it is, and no id changes. The plan, the Stripe customer and subscription
-- and the cache version move with it.
INSERT INTO "organizations" ("id", "name", "time_zone", "plan", "pro_until", "plan_source", "trial_started_at", "first_paid_at", "stripe_customer_id", "stripe_subscription_id", "data_version", "created_at", "updated_at")
SELECT "id", coalesce(nullif(btrim("full_name"), ''), "username"), "time_zone", "plan", "pro_until", "plan_source", "trial_started_at", "first_paid_at", "stripe_customer_id", "stripe_subscription_id", "data_version", "created_at", now()
FROM "users";--> statement-breakpoint
INSERT INTO "memberships" ("organization_id", "user_id", "role", "all_properties", "created_at")
SELECT "id", "id", 'owner', true, "created_at" FROM "users";--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" "member_role" NOT NULL,
	"property_ids" integer[],
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" integer,
	"revoked_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "requirement_changes" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "requirement_reminder_logs" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "requirements" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "inspectors" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "inspections" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "deficiencies" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "deficiency_photos" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "account_report_counters" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "reports" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "reminder_logs" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "reminder_settings" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "support_requests" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "csv_imports" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "mail_consents" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "billing_invoices" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "billing_payment_methods" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "billing_setup_intents" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "billing_subscriptions" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "calendar_feeds" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "undo_actions" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "api_tokens" RENAME COLUMN "user_id" TO "organization_id";--> statement-breakpoint
ALTER TABLE "reminder_settings" DROP CONSTRAINT "reminder_settings_user_id_unique";--> statement-breakpoint
ALTER TABLE "properties" DROP CONSTRAINT "properties_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "requirement_changes" DROP CONSTRAINT "requirement_changes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "requirement_reminder_logs" DROP CONSTRAINT "requirement_reminder_logs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "requirements" DROP CONSTRAINT "requirements_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "inspectors" DROP CONSTRAINT "inspectors_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "inspections" DROP CONSTRAINT "inspections_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "deficiencies" DROP CONSTRAINT "deficiencies_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "deficiency_photos" DROP CONSTRAINT "deficiency_photos_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "account_report_counters" DROP CONSTRAINT "account_report_counters_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reminder_logs" DROP CONSTRAINT "reminder_logs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "reminder_settings" DROP CONSTRAINT "reminder_settings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "support_requests" DROP CONSTRAINT "support_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "csv_imports" DROP CONSTRAINT "csv_imports_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "mail_consents" DROP CONSTRAINT "mail_consents_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_invoices" DROP CONSTRAINT "billing_invoices_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_payment_methods" DROP CONSTRAINT "billing_payment_methods_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_setup_intents" DROP CONSTRAINT "billing_setup_intents_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "billing_subscriptions" DROP CONSTRAINT "billing_subscriptions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "calendar_feeds" DROP CONSTRAINT "calendar_feeds_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "undo_actions" DROP CONSTRAINT "undo_actions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "users_stripe_customer_id_key";--> statement-breakpoint
DROP INDEX "properties_user_created_idx";--> statement-breakpoint
DROP INDEX "properties_user_name_idx";--> statement-breakpoint
DROP INDEX "properties_user_earliest_due_idx";--> statement-breakpoint
DROP INDEX "properties_user_passing_due_idx";--> statement-breakpoint
DROP INDEX "requirement_reminder_logs_user_idx";--> statement-breakpoint
DROP INDEX "inspectors_user_name_idx";--> statement-breakpoint
DROP INDEX "inspections_user_due_idx";--> statement-breakpoint
DROP INDEX "deficiencies_user_open_idx";--> statement-breakpoint
DROP INDEX "reports_user_generated_idx";--> statement-breakpoint
DROP INDEX "reports_user_report_number_key";--> statement-breakpoint
DROP INDEX "reminder_logs_user_idx";--> statement-breakpoint
DROP INDEX "support_requests_user_created_idx";--> statement-breakpoint
DROP INDEX "csv_imports_user_created_idx";--> statement-breakpoint
DROP INDEX "mail_consents_user_address_key";--> statement-breakpoint
DROP INDEX "billing_invoices_user_idx";--> statement-breakpoint
DROP INDEX "billing_payment_methods_user_idx";--> statement-breakpoint
DROP INDEX "billing_subscriptions_user_idx";--> statement-breakpoint
DROP INDEX "webhook_endpoints_user_idx";--> statement-breakpoint
DROP INDEX "api_tokens_user_idx";--> statement-breakpoint
DROP INDEX "requirements_unscheduled_due_idx";--> statement-breakpoint
DROP INDEX "inspections_open_due_idx";--> statement-breakpoint
ALTER TABLE "account_report_counters" DROP CONSTRAINT "account_report_counters_user_id_year_pk";--> statement-breakpoint
ALTER TABLE "account_report_counters" ADD CONSTRAINT "account_report_counters_organization_id_year_pk" PRIMARY KEY("organization_id","year");--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
-- A token made before teams was made by the organisation's one person, whose id it shares.
UPDATE "api_tokens" SET "created_by_user_id" = "organization_id";--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "created_by_user_id" SET NOT NULL;--> statement-breakpoint
-- Sessions act on the person's own organisation until they switch.
UPDATE "sessions" SET "organization_id" = "user_id";--> statement-breakpoint
ALTER TABLE "membership_properties" ADD CONSTRAINT "membership_properties_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_properties" ADD CONSTRAINT "membership_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_inspector_id_inspectors_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."inspectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_properties_property_idx" ON "membership_properties" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_organization_user_key" ON "memberships" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_stripe_customer_id_key" ON "organizations" USING btree ("stripe_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_open_email_key" ON "invitations" USING btree ("organization_id",lower("email")) WHERE accepted_at is null and revoked_at is null;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_changes" ADD CONSTRAINT "requirement_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_reminder_logs" ADD CONSTRAINT "requirement_reminder_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspectors" ADD CONSTRAINT "inspectors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deficiencies" ADD CONSTRAINT "deficiencies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deficiency_photos" ADD CONSTRAINT "deficiency_photos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_report_counters" ADD CONSTRAINT "account_report_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_logs" ADD CONSTRAINT "reminder_logs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_imports" ADD CONSTRAINT "csv_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_consents" ADD CONSTRAINT "mail_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payment_methods" ADD CONSTRAINT "billing_payment_methods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_setup_intents" ADD CONSTRAINT "billing_setup_intents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "undo_actions" ADD CONSTRAINT "undo_actions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_org_created_idx" ON "properties" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "properties_org_name_idx" ON "properties" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "properties_org_earliest_due_idx" ON "properties" USING btree ("organization_id","earliest_due_date");--> statement-breakpoint
CREATE INDEX "properties_org_passing_due_idx" ON "properties" USING btree ("organization_id","earliest_due_date") WHERE "properties"."inspected" and not "properties"."has_failure";--> statement-breakpoint
CREATE INDEX "requirement_reminder_logs_org_idx" ON "requirement_reminder_logs" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "inspectors_org_name_idx" ON "inspectors" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "inspections_org_due_idx" ON "inspections" USING btree ("organization_id","due_date");--> statement-breakpoint
CREATE INDEX "deficiencies_org_open_idx" ON "deficiencies" USING btree ("organization_id","severity") WHERE "deficiencies"."corrected_on" is null;--> statement-breakpoint
CREATE INDEX "reports_org_generated_idx" ON "reports" USING btree ("organization_id","generated_date" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_org_report_number_key" ON "reports" USING btree ("organization_id","report_number");--> statement-breakpoint
CREATE INDEX "reminder_logs_org_idx" ON "reminder_logs" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "support_requests_org_created_idx" ON "support_requests" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "csv_imports_org_created_idx" ON "csv_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_org_created_idx" ON "email_outbox" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_consents_org_address_key" ON "mail_consents" USING btree ("organization_id","address");--> statement-breakpoint
CREATE INDEX "billing_invoices_org_idx" ON "billing_invoices" USING btree ("organization_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "billing_payment_methods_org_idx" ON "billing_payment_methods" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_org_idx" ON "billing_subscriptions" USING btree ("organization_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "webhook_endpoints_org_idx" ON "webhook_endpoints" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "api_tokens_org_idx" ON "api_tokens" USING btree ("organization_id","id");--> statement-breakpoint
CREATE INDEX "requirements_unscheduled_due_idx" ON "requirements" USING btree ("organization_id","next_due_date") WHERE "requirements"."active" and not "requirements"."has_open_inspection";--> statement-breakpoint
CREATE INDEX "inspections_open_due_idx" ON "inspections" USING btree ("organization_id","due_date") WHERE "inspections"."status" in ('scheduled', 'in_progress');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pro_until";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan_source";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "trial_started_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "first_paid_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_customer_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stripe_subscription_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "data_version";--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_organization_id_unique" UNIQUE("organization_id");