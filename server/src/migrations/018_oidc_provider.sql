-- Up Migration
-- The OpenID Provider. An app is a public client until an admin gives it a secret; only the
-- secret's SHA-256 is kept (it is 256 random bits, so a slow hash would add nothing).
ALTER TABLE apps ADD COLUMN client_secret_hash bytea;
ALTER TABLE apps ADD COLUMN client_secret_created_at timestamptz;

-- What the protocol library stores: authorization codes, refresh tokens, grants, its sessions and
-- interactions, access-token records (for revocation and introspection), keyed by model and id.
CREATE TABLE oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  uid text,
  client_id text,
  account_id text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_grant ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_payloads_client_account ON oidc_payloads (client_id, account_id);
CREATE INDEX oidc_payloads_expires ON oidc_payloads (expires_at);

-- How a session used an app: through OpenID Connect its logout token is addressed to the client_id.
ALTER TABLE session_apps ADD COLUMN via_oidc boolean NOT NULL DEFAULT false;
