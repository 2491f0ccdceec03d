-- Up Migration
-- A player's SWCombine grant can stop being usable: the portal revoked it (SWCombine could not
-- narrow it when the player revoked one scope) or SWCombine refused it (invalid_grant). The row
-- then holds no token, and the scopes the player must grant again.
ALTER TABLE swc_tokens
  ALTER COLUMN access_token_enc DROP NOT NULL,
  ADD COLUMN needs_reauthorization text[] NOT NULL DEFAULT '{}',
  ADD COLUMN grant_lost_at timestamptz;
