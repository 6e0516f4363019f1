-- Sets imported before sets had types carried their type in their note: 'Warm-up', 'Drop set' or
-- 'To failure', alone or before ' · ' and the set's own note. They become sets of that type, their
-- notes keep only the lifter's words, and the lifetime totals' triggers recount them (a warm-up
-- stops counting). Only imported sessions are read, and only those imported before types: a
-- session with any typed set came in with types, so a note there is the lifter's own words, as
-- is a note saying 'Warm-up' on a set logged in the app.
UPDATE "set_logs" AS l
SET
  "set_type" = CASE substring(l."note" from '^(Warm-up|Drop set|To failure)') WHEN 'Warm-up' THEN 'warmup' WHEN 'Drop set' THEN 'drop' ELSE 'failure' END,
  "note" = nullif(regexp_replace(l."note", '^(Warm-up|Drop set|To failure)( · |$)', ''), '')
FROM "session_imports" AS i
WHERE i."session_id" = l."session_id"
  AND l."set_type" = 'working'
  AND l."note" ~ '^(Warm-up|Drop set|To failure)( · |$)'
  AND NOT EXISTS (SELECT 1 FROM "set_logs" AS typed WHERE typed."session_id" = l."session_id" AND typed."set_type" <> 'working');
--> statement-breakpoint
-- Warm-ups now stand aside when logged sets are paired with prescribed ones. A finished session
-- with a warm-up kept its counts of sets done as prescribed from the earlier pairing: they are
-- cleared, to be worked out again the next time adherence reads them.
UPDATE "workout_sessions" AS s
SET "sets_prescribed" = NULL, "sets_as_prescribed" = NULL
WHERE s."sets_prescribed" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "set_logs" AS w WHERE w."session_id" = s."id" AND w."set_type" = 'warmup' AND w."deleted_at" IS NULL);
