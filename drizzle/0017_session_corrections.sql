ALTER TABLE "set_logs" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "set_logs" ADD COLUMN "as_finished" jsonb;--> statement-breakpoint
ALTER TABLE "workout_sessions" ADD COLUMN "corrected_at" timestamp with time zone;