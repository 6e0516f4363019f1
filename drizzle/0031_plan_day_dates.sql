CREATE TABLE "plan_day_dates" (
	"plan_id" uuid NOT NULL,
	"week" integer NOT NULL,
	"day" integer NOT NULL,
	"date" date NOT NULL,
	"moved_by" text,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_day_dates_plan_id_week_day_pk" PRIMARY KEY("plan_id","week","day")
);
--> statement-breakpoint
ALTER TABLE "plan_day_dates" ADD CONSTRAINT "plan_day_dates_plan_id_training_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."training_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_day_dates" ADD CONSTRAINT "plan_day_dates_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;