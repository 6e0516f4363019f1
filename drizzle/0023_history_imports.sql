CREATE TABLE "session_imports" (
	"client_id" text NOT NULL,
	"import_key" text NOT NULL,
	"session_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_imports_pkey" PRIMARY KEY("client_id","import_key"),
	CONSTRAINT "session_imports_source_check" CHECK ("session_imports"."source" in ('strong', 'hevy'))
);
--> statement-breakpoint
ALTER TABLE "session_imports" ADD CONSTRAINT "session_imports_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_imports" ADD CONSTRAINT "session_imports_session_id_workout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."workout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_imports_session_idx" ON "session_imports" USING btree ("session_id");