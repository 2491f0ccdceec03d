-- Up Migration
-- A player's passkeys (WebAuthn credentials): the public key, the signature counter last seen,
-- and what the list shows (a name, when it was added and last used). Gone with the player.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  -- singleDevice (a security key: RFC 8176 hwk) or multiDevice (synced by a password manager: swk).
  device_type text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up boolean NOT NULL DEFAULT false,
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- One-time WebAuthn challenges: taken (deleted) by the answer that uses them, refused after expires_at.
-- A registration or a confirmation belongs to the session that asked; a sign-in to no one yet.
CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'confirm')),
  session_id uuid REFERENCES sessions(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);

-- How each session was proven: when the player last signed in at SWCombine in it, and when a
-- passkey was last used in it with the RFC 8176 methods it showed (hwk or swk, and user).
ALTER TABLE sessions
  ADD COLUMN swc_signed_in_at timestamptz,
  ADD COLUMN passkey_used_at timestamptz,
  ADD COLUMN passkey_amr text[] NOT NULL DEFAULT '{}';
UPDATE sessions SET swc_signed_in_at = created_at;
