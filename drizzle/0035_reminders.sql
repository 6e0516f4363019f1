CREATE TABLE "scheduled_rounds" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_checks" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"checked_on" date NOT NULL,
	CONSTRAINT "reminder_checks_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "reminder_checks" ADD CONSTRAINT "reminder_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_outbox_sent_idx" ON "push_outbox" USING btree ("sent_at") WHERE "push_outbox"."sent_at" is not null;