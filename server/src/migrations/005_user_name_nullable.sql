-- Up Migration
-- A user added by UID has no name until their first sign-in brings it from SWCombine.
ALTER TABLE users ALTER COLUMN name DROP NOT NULL, ALTER COLUMN name DROP DEFAULT;
UPDATE users SET name = NULL WHERE last_login_at IS NULL;
