ALTER TABLE "training_plans" ADD COLUMN "last_save_id" uuid;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "last_save_id" uuid;