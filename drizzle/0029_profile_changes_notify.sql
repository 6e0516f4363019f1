-- Every server remembers the profiles of the people signed in for a few seconds. Whatever
-- changes or deletes profile rows (their owner, an operator's role change, a restore) tells every
-- server which ones to forget: their ids, or '' (forget them all) past a hundred.
CREATE OR REPLACE FUNCTION coachline_profiles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT id FROM changed_profiles LIMIT 101) x;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_notify('coachline_profiles_changed', CASE WHEN cardinality(ids) <= 100 THEN array_to_string(ids, ',') ELSE '' END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_updated_notify AFTER UPDATE ON "profiles" REFERENCING OLD TABLE AS changed_profiles FOR EACH STATEMENT EXECUTE FUNCTION coachline_profiles_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_deleted_notify AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS changed_profiles FOR EACH STATEMENT EXECUTE FUNCTION coachline_profiles_changed();
