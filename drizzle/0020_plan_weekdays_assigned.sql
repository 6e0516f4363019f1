DROP INDEX "training_plans_one_active_own";--> statement-breakpoint
ALTER TABLE "training_plans" ADD COLUMN "assigned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now only assignment gave a plan a start date without training days (a lifter's start sets both).
UPDATE "training_plans" SET "assigned" = true WHERE "client_id" is not null or ("start_date" is not null and "training_days" is null);--> statement-breakpoint
CREATE UNIQUE INDEX "training_plans_one_active_own" ON "training_plans" USING btree ("owner_id") WHERE "training_plans"."status" = 'active' and "training_plans"."client_id" is null and "training_plans"."training_days" is not null and not "training_plans"."assigned";