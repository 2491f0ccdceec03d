-- Up Migration
-- An admin's SWCombine grant for a tenant and actor (faction leader or service account): the
-- game-integration side acts with it. Tokens are encrypted at rest (AES-256-GCM); `connected`
-- turns false with an `error` saying what to do when SWCombine stops accepting the grant.
CREATE TABLE swc_bindings (
  tenant_id text NOT NULL,
  actor text NOT NULL CHECK (actor IN ('faction-leader', 'service-account')),
  access_token_enc text NOT NULL,
  refresh_token_enc text,
  -- As SWCombine answered them, not as requested.
  scopes text[] NOT NULL,
  authorized_by_uid text NOT NULL,
  authorized_by_name text,
  faction_uid text,
  faction_name text,
  expires_at timestamptz NOT NULL,
  connected boolean NOT NULL DEFAULT true,
  error text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, actor)
);
-- The refresh job looks for connected bindings about to expire.
CREATE INDEX swc_bindings_due ON swc_bindings (expires_at) WHERE connected;
