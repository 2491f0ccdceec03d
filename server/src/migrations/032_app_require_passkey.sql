-- Up Migration
-- An app may require a passkey: forward auth and the OpenID Provider then admit only a session in which the
-- player used one (a passkey sign-in or "Confirm it's you").
ALTER TABLE apps ADD COLUMN require_passkey boolean NOT NULL DEFAULT false;
