CREATE TYPE "public"."mail_consent_status" AS ENUM('invited', 'confirmed', 'unsubscribed');--> statement-breakpoint
ALTER TYPE "public"."email_status" ADD VALUE 'suppressed';--> statement-breakpoint
CREATE TABLE "mail_consent_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"consent_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"address" text NOT NULL,
	"status" "mail_consent_status" DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_consent_tokens" ADD CONSTRAINT "mail_consent_tokens_consent_id_mail_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."mail_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_consents" ADD CONSTRAINT "mail_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_consent_tokens_consent_idx" ON "mail_consent_tokens" USING btree ("consent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_consents_user_address_key" ON "mail_consents" USING btree ("user_id","address");--> statement-breakpoint
CREATE INDEX "email_outbox_user_created_idx" ON "email_outbox" USING btree ("user_id","created_at");