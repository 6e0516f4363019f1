CREATE TABLE "progression_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_workout_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"occurrence" integer DEFAULT 0 NOT NULL,
	"client_id" text NOT NULL,
	"session_id" uuid,
	"from_sets" jsonb NOT NULL,
	"to_sets" jsonb NOT NULL,
	"reason" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "progression_proposals_status_check" CHECK ("progression_proposals"."status" in ('pending', 'approved', 'dismissed', 'superseded', 'stale'))
);
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "progression" jsonb;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "progression_note" jsonb;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "hand_edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "training_plans" ADD COLUMN "progression" jsonb;--> statement-breakpoint
ALTER TABLE "training_plans" ADD COLUMN "progression_mode" text DEFAULT 'apply' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_plans" ADD COLUMN "deload" jsonb;--> statement-breakpoint
ALTER TABLE "progression_proposals" ADD CONSTRAINT "progression_proposals_plan_id_training_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."training_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progression_proposals" ADD CONSTRAINT "progression_proposals_plan_workout_id_plan_workouts_id_fk" FOREIGN KEY ("plan_workout_id") REFERENCES "public"."plan_workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progression_proposals" ADD CONSTRAINT "progression_proposals_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progression_proposals" ADD CONSTRAINT "progression_proposals_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "progression_proposals_plan_idx" ON "progression_proposals" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "progression_proposals_client_idx" ON "progression_proposals" USING btree ("client_id","status");--> statement-breakpoint
ALTER TABLE "training_plans" ADD CONSTRAINT "training_plans_progression_mode_check" CHECK ("training_plans"."progression_mode" in ('apply', 'approve'));