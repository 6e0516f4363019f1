CREATE TABLE "gym_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"equipment" text[] DEFAULT '{}'::text[] NOT NULL,
	"plate_setups" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gym_profiles_name_unique" UNIQUE("user_id","name"),
	CONSTRAINT "gym_profiles_name_check" CHECK (char_length("gym_profiles"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "gym_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "timer" jsonb;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "warm_up" jsonb;--> statement-breakpoint
ALTER TABLE "gym_profiles" ADD CONSTRAINT "gym_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_gym_profile_id_gym_profiles_id_fk" FOREIGN KEY ("gym_profile_id") REFERENCES "public"."gym_profiles"("id") ON DELETE set null ON UPDATE no action;