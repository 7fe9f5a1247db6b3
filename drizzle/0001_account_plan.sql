CREATE TYPE "public"."plan" AS ENUM('free', 'pro');--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan" "plan" DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pro_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_source" text;