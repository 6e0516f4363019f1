CREATE TABLE "lifetime_totals" (
	"client_id" text NOT NULL,
	"movement_id" uuid NOT NULL,
	"reps" smallint NOT NULL,
	"sets" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"best_load_kg" numeric,
	"best_at" timestamp with time zone,
	CONSTRAINT "lifetime_totals_client_id_movement_id_reps_pk" PRIMARY KEY("client_id","movement_id","reps")
);
--> statement-breakpoint
ALTER TABLE "lifetime_totals" ADD CONSTRAINT "lifetime_totals_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifetime_totals" ADD CONSTRAINT "lifetime_totals_movement_id_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "set_logs_client_movement_idx" ON "set_logs" USING btree ("client_id","movement_id","session_id","reps","load_kg") WHERE "set_logs"."completed" and "set_logs"."deleted_at" is null;--> statement-breakpoint
-- The rep count a set is totalled under: 1-12 as it is, every other (none, 0, 13 and more) as 0.
CREATE FUNCTION "lifetime_reps"("reps" integer) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN "reps" BETWEEN 1 AND 12 THEN "reps" ELSE 0 END)::smallint
$$;--> statement-breakpoint
-- One writer of a lifter's totals at a time: a transaction that changes them holds a lock of
-- its lifters until it ends, taken in one order. Without it two transactions adding to the same
-- lifter's rows in different orders deadlock, and a recount could miss another's additions. The
-- locks are 1,024 buckets of lifters (two lifters may share one, which only makes one wait), so
-- a transaction that touches thousands of lifters (an import of a coach's clients) holds at most
-- 1,024 locks, well inside PostgreSQL's lock table.
CREATE FUNCTION "lifetime_totals_lock"("client_ids" text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "bucket" integer;
BEGIN
  FOR "bucket" IN SELECT DISTINCT (hashtext(u."c") & 1023) FROM unnest("client_ids") AS u("c") WHERE u."c" IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(7301, "bucket");
  END LOOP;
END
$$;--> statement-breakpoint
-- Adds sets that count (done, not deleted, in a completed session; the callers choose them) to
-- their lifters' totals, given column by column: more sets, maybe a later last time, maybe a
-- heavier load (or the same load, lifted earlier).
CREATE FUNCTION "lifetime_totals_add"("p_clients" text[], "p_movements" uuid[], "p_reps" integer[], "p_loads" numeric[], "p_started" timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality("p_clients"), 0) = 0 THEN RETURN; END IF;
  PERFORM "lifetime_totals_lock"("p_clients");
  INSERT INTO "lifetime_totals" AS t ("client_id", "movement_id", "reps", "sets", "last_at", "best_load_kg", "best_at")
  SELECT x."c", x."m", "lifetime_reps"(x."r"), count(*), max(x."at"),
    max(x."load") FILTER (WHERE x."r" BETWEEN 1 AND 12 AND x."load" > 0),
    (array_agg(x."at" ORDER BY x."load" DESC, x."at") FILTER (WHERE x."r" BETWEEN 1 AND 12 AND x."load" > 0))[1]
  FROM unnest("p_clients", "p_movements", "p_reps", "p_loads", "p_started") AS x("c", "m", "r", "load", "at")
  WHERE x."c" IS NOT NULL
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT ("client_id", "movement_id", "reps") DO UPDATE SET
    "sets" = t."sets" + excluded."sets",
    "last_at" = greatest(t."last_at", excluded."last_at"),
    "best_load_kg" = greatest(t."best_load_kg", excluded."best_load_kg"),
    "best_at" = CASE
      WHEN excluded."best_load_kg" IS NULL THEN t."best_at"
      WHEN t."best_load_kg" IS NULL OR excluded."best_load_kg" > t."best_load_kg" THEN excluded."best_at"
      WHEN excluded."best_load_kg" = t."best_load_kg" THEN least(t."best_at", excluded."best_at")
      ELSE t."best_at"
    END;
END
$$;--> statement-breakpoint
-- Counts a lifter's totals of some movements again from their sets, after a set stopped counting
-- (a maximum cannot be taken back). The lifters' locks come first, so what another transaction
-- added to these totals is committed, and counted, before the count.
CREATE FUNCTION "lifetime_totals_recount"("client_ids" text[], "movement_ids" uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "v_clients" text[]; "v_movements" uuid[]; "v_reps" integer[]; "v_loads" numeric[]; "v_started" timestamptz[];
BEGIN
  PERFORM "lifetime_totals_lock"("client_ids");
  DELETE FROM "lifetime_totals" t USING unnest("client_ids", "movement_ids") p("c", "m") WHERE t."client_id" = p."c" AND t."movement_id" = p."m";
  SELECT array_agg(l."client_id"), array_agg(l."movement_id"), array_agg(l."reps"), array_agg(l."load_kg"), array_agg(s."started_at")
  INTO "v_clients", "v_movements", "v_reps", "v_loads", "v_started"
  FROM (SELECT DISTINCT u."c", u."m" FROM unnest("client_ids", "movement_ids") u("c", "m")) p
  JOIN "set_logs" l ON l."client_id" = p."c" AND l."movement_id" = p."m" AND l."completed" AND l."deleted_at" IS NULL
  JOIN "workout_sessions" s ON s."id" = l."session_id" AND s."status" = 'completed';
  PERFORM "lifetime_totals_add"("v_clients", "v_movements", "v_reps", "v_loads", "v_started");
END
$$;--> statement-breakpoint
-- Sets logged: those logged into a completed session (a correction, an import) count at once. A
-- set logged in a session in progress counts for nothing yet, and takes no lock.
CREATE FUNCTION "lifetime_totals_sets_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "v_clients" text[]; "v_movements" uuid[]; "v_reps" integer[]; "v_loads" numeric[]; "v_started" timestamptz[];
BEGIN
  SELECT array_agg(l."client_id"), array_agg(l."movement_id"), array_agg(l."reps"), array_agg(l."load_kg"), array_agg(s."started_at")
  INTO "v_clients", "v_movements", "v_reps", "v_loads", "v_started"
  FROM "new_sets" l JOIN "workout_sessions" s ON s."id" = l."session_id" AND s."status" = 'completed'
  WHERE l."completed" AND l."deleted_at" IS NULL;
  PERFORM "lifetime_totals_add"("v_clients", "v_movements", "v_reps", "v_loads", "v_started");
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A set of a completed session changed what it counts as (done, deleted, reps, load, movement):
-- the totals it counted towards, and those it counts towards now, are counted again.
CREATE FUNCTION "lifetime_totals_sets_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      AND (o."completed" AND o."deleted_at" IS NULL, o."reps", o."load_kg", o."movement_id", o."session_id", o."client_id")
        IS DISTINCT FROM (n."completed" AND n."deleted_at" IS NULL, n."reps", n."load_kg", n."movement_id", n."session_id", n."client_id")
  ) x;
  IF "cs" IS NOT NULL THEN PERFORM "lifetime_totals_recount"("cs", "ms"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Sets removed for good. Skipped: a set that did not count (its session is there and not
-- completed), and a lifter whose account is being deleted (their totals go with it).
CREATE FUNCTION "lifetime_totals_sets_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "cs" text[];
  "ms" uuid[];
BEGIN
  SELECT array_agg(x."client_id"), array_agg(x."movement_id") INTO "cs", "ms" FROM (
    SELECT DISTINCT r."client_id", r."movement_id" FROM "old_sets" r
    WHERE r."completed" AND r."deleted_at" IS NULL
      AND NOT EXISTS (SELECT 1 FROM "workout_sessions" s WHERE s."id" = r."session_id" AND s."status" <> 'completed')
      AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = r."client_id")
      AND EXISTS (SELECT 1 FROM "lifetime_totals" t WHERE t."client_id" = r."client_id" AND t."movement_id" = r."movement_id")
  ) x;
  IF "cs" IS NOT NULL THEN PERFORM "lifetime_totals_recount"("cs", "ms"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A session finished: its sets now count. A session that leaves completed, or moves in time while
-- completed: what its sets counted towards is counted again.
CREATE FUNCTION "lifetime_totals_sessions_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "cs" text[];
  "ms" uuid[];
  "v_clients" text[]; "v_movements" uuid[]; "v_reps" integer[]; "v_loads" numeric[]; "v_started" timestamptz[];
BEGIN
  SELECT array_agg(l."client_id"), array_agg(l."movement_id"), array_agg(l."reps"), array_agg(l."load_kg"), array_agg(n."started_at")
  INTO "v_clients", "v_movements", "v_reps", "v_loads", "v_started"
  FROM "new_sessions" n JOIN "old_sessions" o ON o."id" = n."id" JOIN "set_logs" l ON l."session_id" = n."id"
  WHERE n."status" = 'completed' AND o."status" <> 'completed' AND l."completed" AND l."deleted_at" IS NULL;
  PERFORM "lifetime_totals_add"("v_clients", "v_movements", "v_reps", "v_loads", "v_started");
  SELECT array_agg(x."client_id"), array_agg(x."movement_id") INTO "cs", "ms" FROM (
    SELECT DISTINCT l."client_id", l."movement_id"
    FROM "old_sessions" o JOIN "new_sessions" n ON n."id" = o."id" JOIN "set_logs" l ON l."session_id" = o."id"
    WHERE o."status" = 'completed' AND (n."status" <> 'completed' OR n."started_at" IS DISTINCT FROM o."started_at")
      AND l."completed" AND l."deleted_at" IS NULL AND l."client_id" IS NOT NULL
  ) x;
  IF "cs" IS NOT NULL THEN PERFORM "lifetime_totals_recount"("cs", "ms"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lifetime_totals_sets_inserted" AFTER INSERT ON "set_logs" REFERENCING NEW TABLE AS "new_sets" FOR EACH STATEMENT EXECUTE FUNCTION "lifetime_totals_sets_inserted"();--> statement-breakpoint
CREATE TRIGGER "lifetime_totals_sets_updated" AFTER UPDATE ON "set_logs" REFERENCING OLD TABLE AS "old_sets" NEW TABLE AS "new_sets" FOR EACH STATEMENT EXECUTE FUNCTION "lifetime_totals_sets_updated"();--> statement-breakpoint
CREATE TRIGGER "lifetime_totals_sets_deleted" AFTER DELETE ON "set_logs" REFERENCING OLD TABLE AS "old_sets" FOR EACH STATEMENT EXECUTE FUNCTION "lifetime_totals_sets_deleted"();--> statement-breakpoint
CREATE TRIGGER "lifetime_totals_sessions_updated" AFTER UPDATE ON "workout_sessions" REFERENCING OLD TABLE AS "old_sessions" NEW TABLE AS "new_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "lifetime_totals_sessions_updated"();--> statement-breakpoint
-- The totals of every set logged so far.
INSERT INTO "lifetime_totals" ("client_id", "movement_id", "reps", "sets", "last_at", "best_load_kg", "best_at")
SELECT l."client_id", l."movement_id", "lifetime_reps"(l."reps"), count(*), max(s."started_at"),
  max(l."load_kg") FILTER (WHERE l."reps" BETWEEN 1 AND 12 AND l."load_kg" > 0),
  (array_agg(s."started_at" ORDER BY l."load_kg" DESC, s."started_at") FILTER (WHERE l."reps" BETWEEN 1 AND 12 AND l."load_kg" > 0))[1]
FROM "set_logs" l JOIN "workout_sessions" s ON s."id" = l."session_id"
WHERE l."completed" AND l."deleted_at" IS NULL AND s."status" = 'completed' AND l."client_id" IS NOT NULL
GROUP BY 1, 2, 3;
