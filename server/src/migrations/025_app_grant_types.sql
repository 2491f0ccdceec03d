-- Up Migration
-- Which OAuth grants an app's OpenID Connect client may use: sign-in with a code (and refresh tokens), the
-- device flow (RFC 8628), client credentials (a machine client, no player). Existing apps keep what they had.
ALTER TABLE apps
  ADD COLUMN grant_types text[] NOT NULL DEFAULT ARRAY['authorization_code', 'refresh_token']
    CHECK (cardinality(grant_types) BETWEEN 1 AND 4
      AND grant_types <@ ARRAY['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code',
                               'client_credentials']),
  -- The scopes an admin allows the app's machine client (client credentials); no player's consent is involved.
  ADD COLUMN machine_scopes text[] NOT NULL DEFAULT '{}' CHECK (cardinality(machine_scopes) <= 50);

-- The device flow finds a pending code by what the player typed.
CREATE INDEX oidc_payloads_user_code ON oidc_payloads ((payload ->> 'userCode')) WHERE model = 'DeviceCode';
