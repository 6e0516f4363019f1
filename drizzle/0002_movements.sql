CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text,
	"slug" text,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"pattern" text NOT NULL,
	"primary_muscles" text[] DEFAULT '{}'::text[] NOT NULL,
	"secondary_muscles" text[] DEFAULT '{}'::text[] NOT NULL,
	"equipment" text[] DEFAULT '{}'::text[] NOT NULL,
	"tracking" text NOT NULL,
	"unilateral" boolean DEFAULT false NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"video_url" text,
	"search_text" text NOT NULL,
	"copied_from_id" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "movements_slug_unique" UNIQUE("slug"),
	CONSTRAINT "movements_pattern_check" CHECK ("movements"."pattern" in ('squat', 'hinge', 'lunge', 'horizontal push', 'vertical push', 'horizontal pull', 'vertical pull', 'carry', 'core', 'conditioning', 'mobility', 'other')),
	CONSTRAINT "movements_tracking_check" CHECK ("movements"."tracking" in ('weight_reps', 'reps', 'time', 'distance_time')),
	CONSTRAINT "movements_builtin_has_slug" CHECK (("movements"."owner_id" is null) = ("movements"."slug" is not null))
);
--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movements_owner_idx" ON "movements" USING btree ("owner_id","archived_at");--> statement-breakpoint
CREATE INDEX "movements_search_trgm_idx" ON "movements" USING gin ("search_text" gin_trgm_ops);