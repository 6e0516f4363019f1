ALTER TABLE "set_logs" ADD COLUMN "client_id" text;--> statement-breakpoint
-- Every set names its lifter (its session's client): the existing ones now, new ones by the trigger.
UPDATE "set_logs" SET "client_id" = s."client_id" FROM "workout_sessions" s WHERE s."id" = "set_logs"."session_id";--> statement-breakpoint
CREATE FUNCTION "set_logs_client_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "client_id" INTO NEW."client_id" FROM "workout_sessions" WHERE "id" = NEW."session_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "set_logs_client_id" BEFORE INSERT OR UPDATE OF "session_id", "client_id" ON "set_logs" FOR EACH ROW EXECUTE FUNCTION "set_logs_client_id"();--> statement-breakpoint
CREATE INDEX "set_logs_client_e1rm_idx" ON "set_logs" USING btree ("client_id","movement_id",(case when "reps" = 1 then "load_kg" else "load_kg" * (1 + "reps" / 30.0) end) desc) WHERE "set_logs"."completed" and "set_logs"."deleted_at" is null and "set_logs"."reps" between 1 and 12 and "set_logs"."load_kg" > 0;--> statement-breakpoint
CREATE INDEX "set_logs_client_reps_idx" ON "set_logs" USING btree ("client_id","movement_id",least("reps", 13),"load_kg" DESC NULLS LAST) WHERE "set_logs"."completed" and "set_logs"."deleted_at" is null and "set_logs"."load_kg" is not null and "set_logs"."reps" is not null;--> statement-breakpoint
CREATE INDEX "workout_sessions_completed_idx" ON "workout_sessions" USING btree ("client_id","completed_at" DESC NULLS LAST) WHERE "workout_sessions"."status" = 'completed';