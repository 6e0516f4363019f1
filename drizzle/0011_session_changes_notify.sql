-- Every server remembers sessions for a few seconds. Whatever deletes a session row (sign-out,
-- the 30-day lifetime, an operator, a cleanup) tells every server to forget what it remembers.
CREATE OR REPLACE FUNCTION coachline_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('coachline_sessions_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed_notify AFTER DELETE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION coachline_sessions_changed();
