-- Up Migration
-- Until when the player has seen the changes to their access (the dashboard's notice): a change after
-- it shows until dismissed; null for a player who never dismissed one. Players already here have seen
-- everything before this version.
ALTER TABLE users ADD COLUMN notices_seen_at timestamptz;
UPDATE users SET notices_seen_at = now();
