-- Up Migration
-- The apps a session has been used for (through forward auth): single logout notifies exactly these.
CREATE TABLE session_apps (
  session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, app_id)
);
