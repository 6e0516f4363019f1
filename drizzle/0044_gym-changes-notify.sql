-- A profile as the servers remember it carries the plates and the equipment of the lifter's
-- current gym: a gym changed or removed tells every server to forget its lifter's profile, as a
-- changed profile does.
CREATE OR REPLACE FUNCTION coachline_gyms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  SELECT array_agg(user_id) INTO ids FROM (SELECT DISTINCT user_id FROM changed_gyms LIMIT 101) x;
  IF ids IS NULL THEN RETURN NULL; END IF;
  PERFORM pg_notify('coachline_profiles_changed', CASE WHEN cardinality(ids) <= 100 THEN array_to_string(ids, ',') ELSE '' END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gym_profiles_updated_notify AFTER UPDATE ON "gym_profiles" REFERENCING OLD TABLE AS changed_gyms FOR EACH STATEMENT EXECUTE FUNCTION coachline_gyms_changed();
--> statement-breakpoint
CREATE TRIGGER gym_profiles_deleted_notify AFTER DELETE ON "gym_profiles" REFERENCING OLD TABLE AS changed_gyms FOR EACH STATEMENT EXECUTE FUNCTION coachline_gyms_changed();
