ALTER TABLE "workout_sessions" ADD COLUMN "sets_prescribed" integer;--> statement-breakpoint
ALTER TABLE "workout_sessions" ADD COLUMN "sets_as_prescribed" integer;