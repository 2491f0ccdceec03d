-- Up Migration
-- An app's page lists the players with an access record on it: read by app, ordered by name.
CREATE INDEX user_app_access_by_app ON user_app_access (app_id);
