CREATE TABLE "plan_workouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"day" integer NOT NULL,
	"title" text NOT NULL,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_workout_id" uuid NOT NULL,
	"movement_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"superset" text,
	"rest_seconds" integer,
	"tempo" text,
	"notes" text,
	"sets" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"client_id" text,
	"name" text NOT NULL,
	"goal" text,
	"description" text,
	"weeks" integer NOT NULL,
	"days_per_week" integer NOT NULL,
	"deload_weeks" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"source_plan_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_plans_weeks_check" CHECK ("training_plans"."weeks" between 1 and 16),
	CONSTRAINT "training_plans_days_check" CHECK ("training_plans"."days_per_week" between 1 and 7),
	CONSTRAINT "training_plans_status_check" CHECK ("training_plans"."status" in ('draft', 'active', 'completed', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "plan_workouts" ADD CONSTRAINT "plan_workouts_plan_id_training_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."training_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_plan_workout_id_plan_workouts_id_fk" FOREIGN KEY ("plan_workout_id") REFERENCES "public"."plan_workouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plans" ADD CONSTRAINT "training_plans_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_plans" ADD CONSTRAINT "training_plans_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_workouts_cell" ON "plan_workouts" USING btree ("plan_id","week","day");--> statement-breakpoint
CREATE INDEX "prescriptions_workout_idx" ON "prescriptions" USING btree ("plan_workout_id","position");--> statement-breakpoint
CREATE INDEX "prescriptions_movement_idx" ON "prescriptions" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "training_plans_owner_idx" ON "training_plans" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "training_plans_client_idx" ON "training_plans" USING btree ("client_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "training_plans_one_active_per_client" ON "training_plans" USING btree ("client_id") WHERE "training_plans"."status" = 'active' and "training_plans"."client_id" is not null;