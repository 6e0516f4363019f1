ALTER TABLE "scheduled_rounds" ADD COLUMN "busy_until" timestamp with time zone;--> statement-breakpoint
-- Devices subscribed before the end of a rest was a kind of notification hear of it too, as new ones do.
UPDATE "push_subscriptions" SET "kinds" = array_append("kinds", 'restTimer') WHERE NOT ('restTimer' = ANY("kinds"));
