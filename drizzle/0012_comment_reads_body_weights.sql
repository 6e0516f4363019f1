CREATE TABLE "body_weights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"measured_on" date NOT NULL,
	"weight_kg" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "body_weights_client_day" UNIQUE("client_id","measured_on")
);
--> statement-breakpoint
ALTER TABLE "session_comments" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "body_weights" ADD CONSTRAINT "body_weights_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_comments_unread_idx" ON "session_comments" USING btree ("session_id") WHERE "session_comments"."read_at" is null;