-- search_text keeps the name and each alias between bars, so that exact and prefix matches of
-- any alias are plain LIKEs (features/movements/movements.service.ts).
UPDATE "movements" SET "search_text" = lower(array_to_string(array_prepend(replace("name", '|', ' '), "aliases"), '|'));
