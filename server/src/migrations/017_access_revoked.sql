-- Up Migration
-- A revocation is recorded, not forgotten: on an app that bypasses the UID whitelist a missing row
-- admits every player, so a revoked player must stay refused there until access is granted again.
ALTER TABLE user_app_access DROP CONSTRAINT user_app_access_status_check;
ALTER TABLE user_app_access ADD CONSTRAINT user_app_access_status_check CHECK (status IN ('active', 'suspended', 'revoked'));
