DROP INDEX "set_logs_done_idx";--> statement-breakpoint
DROP INDEX "set_logs_client_e1rm_idx";--> statement-breakpoint
DROP INDEX "set_logs_client_reps_idx";--> statement-breakpoint
DROP INDEX "set_logs_client_movement_idx";--> statement-breakpoint
ALTER TABLE "set_logs" ADD COLUMN "set_type" text DEFAULT 'working' NOT NULL;--> statement-breakpoint
CREATE INDEX "set_logs_done_idx" ON "set_logs" USING btree ("session_id","movement_id","reps","load_kg","rpe") WHERE "set_logs"."completed" and "set_logs"."deleted_at" is null and "set_logs"."set_type" <> 'warmup';--> statement-breakpoint
CREATE INDEX "set_logs_client_e1rm_idx" ON "set_logs" USING btree ("client_id","movement_id",(case when "reps" = 1 then "load_kg" else "load_kg" * (1 + "reps" / 30.0) end) desc) WHERE "set_logs"."completed" and "set_logs"."deleted_at" is null and "set_logs"."set_type" <> 'warmup' and "set_logs"."reps" between 1 and 12 and "set_logs"."load_kg" > 0;--> statement-breakpoint
CREATE INDEX "set_logs_client_reps_idx" ON "set_logs" USING btree ("client_id","movement_id",least("reps", 13),"load_kg" DESC NULLS LAST) WHERE "set_logs"."completed" and "set_logs"."deleted_at" is null and "set_logs"."set_type" <> 'warmup' and "set_logs"."load_kg" is not null and "set_logs"."reps" is not null;--> statement-breakpoint
CREATE INDEX "set_logs_client_movement_idx" ON "set_logs" USING btree ("client_id","movement_id","session_id","reps","load_kg") WHERE "set_logs"."completed" and "set_logs"."deleted_at" is null and "set_logs"."set_type" <> 'warmup';--> statement-breakpoint
ALTER TABLE "set_logs" ADD CONSTRAINT "set_logs_set_type_check" CHECK ("set_logs"."set_type" in ('working', 'warmup', 'drop', 'failure'));--> statement-breakpoint
-- A warm-up never counts as work: the lifetime totals leave warm-ups out, as every figure does.
-- The functions of the lifetime totals, with that one condition added where they choose the sets that count.
CREATE OR REPLACE FUNCTION "lifetime_totals_recount"("client_ids" text[], "movement_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "v_clients" text[]; "v_movements" uuid[]; "v_reps" integer[]; "v_loads" numeric[]; "v_started" timestamptz[];
BEGIN
  PERFORM "lifetime_totals_lock"("client_ids");
  DELETE FROM "lifetime_totals" t USING unnest("client_ids", "movement_ids") p("c", "m") WHERE t."client_id" = p."c" AND t."movement_id" = p."m";
  SELECT array_agg(l."client_id"), array_agg(l."movement_id"), array_agg(l."reps"), array_agg(l."load_kg"), array_agg(s."started_at")
  INTO "v_clients", "v_movements", "v_reps", "v_loads", "v_started"
  FROM (SELECT DISTINCT u."c", u."m" FROM unnest("client_ids", "movement_ids") u("c", "m")) p
  JOIN "set_logs" l ON l."client_id" = p."c" AND l."movement_id" = p."m" AND l."completed" AND l."deleted_at" IS NULL AND l."set_type" <> 'warmup'
  JOIN "workout_sessions" s ON s."id" = l."session_id" AND s."status" = 'completed';
  PERFORM "lifetime_totals_add"("v_clients", "v_movements", "v_reps", "v_loads", "v_started");
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lifetime_totals_sets_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "v_clients" text[]; "v_movements" uuid[]; "v_reps" integer[]; "v_loads" numeric[]; "v_started" timestamptz[];
BEGIN
  SELECT array_agg(l."client_id"), array_agg(l."movement_id"), array_agg(l."reps"), array_agg(l."load_kg"), array_agg(s."started_at")
  INTO "v_clients", "v_movements", "v_reps", "v_loads", "v_started"
  FROM "new_sets" l JOIN "workout_sessions" s ON s."id" = l."session_id" AND s."status" = 'completed'
  WHERE l."completed" AND l."deleted_at" IS NULL AND l."set_type" <> 'warmup';
  PERFORM "lifetime_totals_add"("v_clients", "v_movements", "v_reps", "v_loads", "v_started");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lifetime_totals_sets_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "cs" text[];
  "ms" uuid[];
BEGIN
  SELECT array_agg(x."client_id"), array_agg(x."movement_id") INTO "cs", "ms" FROM (
    SELECT DISTINCT v."client_id", v."movement_id"
    FROM "old_sets" o JOIN "new_sets" n ON n."id" = o."id"
    CROSS JOIN LATERAL (VALUES (o."client_id", o."movement_id", o."session_id"), (n."client_id", n."movement_id", n."session_id")) v("client_id", "movement_id", "session_id")
    JOIN "workout_sessions" s ON s."id" = v."session_id" AND s."status" = 'completed'
    WHERE v."client_id" IS NOT NULL
      AND (o."completed" AND o."deleted_at" IS NULL AND o."set_type" <> 'warmup', o."reps", o."load_kg", o."movement_id", o."session_id", o."client_id")
        IS DISTINCT FROM (n."completed" AND n."deleted_at" IS NULL AND n."set_type" <> 'warmup', n."reps", n."load_kg", n."movement_id", n."session_id", n."client_id")
  ) x;
  IF "cs" IS NOT NULL THEN PERFORM "lifetime_totals_recount"("cs", "ms"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lifetime_totals_sets_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "cs" text[];
  "ms" uuid[];
BEGIN
  SELECT array_agg(x."client_id"), array_agg(x."movement_id") INTO "cs", "ms" FROM (
    SELECT DISTINCT r."client_id", r."movement_id" FROM "old_sets" r
    WHERE r."completed" AND r."deleted_at" IS NULL AND r."set_type" <> 'warmup'
      AND NOT EXISTS (SELECT 1 FROM "workout_sessions" s WHERE s."id" = r."session_id" AND s."status" <> 'completed')
      AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = r."client_id")
      AND EXISTS (SELECT 1 FROM "lifetime_totals" t WHERE t."client_id" = r."client_id" AND t."movement_id" = r."movement_id")
  ) x;
  IF "cs" IS NOT NULL THEN PERFORM "lifetime_totals_recount"("cs", "ms"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lifetime_totals_sessions_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "cs" text[];
  "ms" uuid[];
  "v_clients" text[]; "v_movements" uuid[]; "v_reps" integer[]; "v_loads" numeric[]; "v_started" timestamptz[];
BEGIN
  SELECT array_agg(l."client_id"), array_agg(l."movement_id"), array_agg(l."reps"), array_agg(l."load_kg"), array_agg(n."started_at")
  INTO "v_clients", "v_movements", "v_reps", "v_loads", "v_started"
  FROM "new_sessions" n JOIN "old_sessions" o ON o."id" = n."id" JOIN "set_logs" l ON l."session_id" = n."id"
  WHERE n."status" = 'completed' AND o."status" <> 'completed' AND l."completed" AND l."deleted_at" IS NULL AND l."set_type" <> 'warmup';
  PERFORM "lifetime_totals_add"("v_clients", "v_movements", "v_reps", "v_loads", "v_started");
  SELECT array_agg(x."client_id"), array_agg(x."movement_id") INTO "cs", "ms" FROM (
    SELECT DISTINCT l."client_id", l."movement_id"
    FROM "old_sessions" o JOIN "new_sessions" n ON n."id" = o."id" JOIN "set_logs" l ON l."session_id" = o."id"
    WHERE o."status" = 'completed' AND (n."status" <> 'completed' OR n."started_at" IS DISTINCT FROM o."started_at")
      AND l."completed" AND l."deleted_at" IS NULL AND l."set_type" <> 'warmup' AND l."client_id" IS NOT NULL
  ) x;
  IF "cs" IS NOT NULL THEN PERFORM "lifetime_totals_recount"("cs", "ms"); END IF;
  RETURN NULL;
END
$$;
