-- Up Migration
-- Every write of a player's SWCombine grant bumps `version`, and a write that read the row first
-- stores only if the version is still the one it read: a token exchange or sign-in that refreshed
-- the grant cannot write back a scope the player revoked meanwhile.
ALTER TABLE swc_tokens ADD COLUMN version integer NOT NULL DEFAULT 0;
