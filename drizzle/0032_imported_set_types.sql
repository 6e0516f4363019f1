-- Sets imported before sets had types carried their type in their note: 'Warm-up', 'Drop set' or
-- 'To failure', alone or before ' · ' and the set's own note. They become sets of that type, their
-- notes keep only the lifter's words, and the lifetime totals' triggers recount them (a warm-up
-- stops counting). Only imported sessions are read: a lifter's own note saying 'Warm-up' on a set
-- they logged in the app stays as it is.
UPDATE "set_logs" AS l
SET
  "set_type" = CASE substring(l."note" from '^(Warm-up|Drop set|To failure)') WHEN 'Warm-up' THEN 'warmup' WHEN 'Drop set' THEN 'drop' ELSE 'failure' END,
  "note" = nullif(regexp_replace(l."note", '^(Warm-up|Drop set|To failure)( · |$)', ''), '')
FROM "session_imports" AS i
WHERE i."session_id" = l."session_id"
  AND l."set_type" = 'working'
  AND l."note" ~ '^(Warm-up|Drop set|To failure)( · |$)';
