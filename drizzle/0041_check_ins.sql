CREATE TABLE "check_in_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"check_in_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_in_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"coach_id" text NOT NULL,
	"cadence" text NOT NULL,
	"weekday" smallint,
	"every_days" smallint,
	"starts_on" date NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_schedules_cadence" CHECK (("check_in_schedules"."cadence" = 'weekly' and "check_in_schedules"."weekday" between 1 and 7) or ("check_in_schedules"."cadence" = 'every' and "check_in_schedules"."every_days" between 2 and 28))
);
--> statement-breakpoint
CREATE TABLE "check_in_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coach_id" text NOT NULL,
	"name" text NOT NULL,
	"questions" jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"schedule_id" uuid,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"due_on" date NOT NULL,
	"late" boolean NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_in_comments" ADD CONSTRAINT "check_in_comments_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_comments" ADD CONSTRAINT "check_in_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_schedules" ADD CONSTRAINT "check_in_schedules_template_id_check_in_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."check_in_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_schedules" ADD CONSTRAINT "check_in_schedules_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_schedules" ADD CONSTRAINT "check_in_schedules_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_templates" ADD CONSTRAINT "check_in_templates_coach_id_users_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_schedule_id_check_in_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."check_in_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_comments_check_in_idx" ON "check_in_comments" USING btree ("check_in_id","created_at");--> statement-breakpoint
CREATE INDEX "check_in_schedules_client_idx" ON "check_in_schedules" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "check_in_schedules_coach_idx" ON "check_in_schedules" USING btree ("coach_id");--> statement-breakpoint
CREATE INDEX "check_in_templates_coach_idx" ON "check_in_templates" USING btree ("coach_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_schedule_due" ON "check_ins" USING btree ("schedule_id","due_on");--> statement-breakpoint
CREATE INDEX "check_ins_client_idx" ON "check_ins" USING btree ("client_id","due_on" DESC NULLS LAST,"id" DESC NULLS LAST);