ALTER TABLE "profiles" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_time_zone_check" CHECK (char_length("profiles"."time_zone") <= 64);