-- Up Migration
-- The product's JWT signing keys. A key is published in the JWKS from created_at, signs from
-- activates_at until retires_at, and stays published until expires_at (past any token it signed).
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  public_jwk jsonb NOT NULL,
  private_jwk_enc text NOT NULL,
  created_at timestamptz NOT NULL,
  activates_at timestamptz NOT NULL,
  retires_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CHECK (created_at <= activates_at AND activates_at < retires_at AND retires_at < expires_at)
);
