CREATE TABLE "push_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"group_key" text NOT NULL,
	"once_key" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"kinds" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "push_subscriptions_endpoint_length" CHECK (char_length("push_subscriptions"."endpoint") <= 2048),
	CONSTRAINT "push_subscriptions_label_length" CHECK (char_length("push_subscriptions"."label") <= 100)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "quiet_hours_start" smallint;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "quiet_hours_end" smallint;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "workout_reminder_minute" smallint;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_pending_group" ON "push_outbox" USING btree ("user_id","group_key") WHERE "push_outbox"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_once" ON "push_outbox" USING btree ("user_id","once_key");--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("due_at") WHERE "push_outbox"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_quiet_hours_check" CHECK (("profiles"."quiet_hours_start" is null) = ("profiles"."quiet_hours_end" is null) and "profiles"."quiet_hours_start" between 0 and 1439 and "profiles"."quiet_hours_end" between 0 and 1439);--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_workout_reminder_check" CHECK ("profiles"."workout_reminder_minute" between 0 and 1439);