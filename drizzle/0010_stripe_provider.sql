CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ALTER COLUMN "client_secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "provider" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "billing_cycle_anchor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "trial_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "default_payment_method" text;--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_customer_id_key" ON "users" USING btree ("stripe_customer_id");--> statement-breakpoint
-- Backfill (custom): accounts that paid in test mode before this migration have paid.
UPDATE "users" SET "first_paid_at" = (
	SELECT min(i."created_at") FROM "billing_invoices" i WHERE i."user_id" = "users"."id" AND i."status" = 'paid'
) WHERE "first_paid_at" IS NULL;--> statement-breakpoint
-- Backfill (custom): test-mode subscriptions renew on the day their first period started.
UPDATE "billing_subscriptions" SET "billing_cycle_anchor" = coalesce(
	(SELECT min(i."period_start") FROM "billing_invoices" i WHERE i."subscription_id" = "billing_subscriptions"."id"),
	"current_period_start"
) WHERE "billing_cycle_anchor" IS NULL;
