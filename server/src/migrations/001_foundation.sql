-- Up Migration

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  uid text NOT NULL UNIQUE CHECK (uid ~ '^1:[0-9]+$'),
  name text NOT NULL DEFAULT '',
  image text,
  race text,
  faction text,
  email text,
  automation_token_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);

CREATE TABLE apps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  key text NOT NULL UNIQUE,
  name text NOT NULL,
  audience text NOT NULL UNIQUE,
  icon text,
  url text,
  description text,
  phase text,
  phase_desc text,
  phase_color text,
  progress integer NOT NULL DEFAULT 0,
  redirect_urls text[] NOT NULL DEFAULT '{}',
  frontchannel_logout_url text,
  backchannel_logout_url text,
  allow_global_admin boolean NOT NULL DEFAULT false,
  allow_delegated_swc_token boolean NOT NULL DEFAULT false,
  skip_uid_whitelist boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A user's access to an app: active or suspended; no row means none.
CREATE TABLE user_app_access (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('active', 'suspended')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, app_id)
);

-- Central consents (scopes) and central roles a user holds for an app.
CREATE TABLE user_app_grants (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('scope', 'role')),
  value text NOT NULL CHECK (length(value) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, app_id, kind, value)
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sid text NOT NULL UNIQUE,
  token_hash bytea NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_id uuid REFERENCES apps(id) ON DELETE SET NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  idle_expires_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX sessions_user_live ON sessions (user_id) WHERE ended_at IS NULL;

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  event text NOT NULL,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  app_key text,
  ip text,
  user_agent text,
  expires_at timestamptz,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_user_time ON audit_log (user_id, created_at DESC);

-- One-time upstream sign-in attempts; `state` travels to SWCombine, its hash is kept here.
CREATE TABLE login_attempts (
  state_hash bytea PRIMARY KEY,
  app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  rd text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- The user's SWCombine tokens, encrypted at rest (AES-256-GCM).
CREATE TABLE swc_tokens (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  access_token_enc text NOT NULL,
  refresh_token_enc text,
  scopes text[] NOT NULL DEFAULT '{}',
  expires_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The portal itself; the server adds its PUBLIC_URL's dashboard to redirect_urls at start.
INSERT INTO apps (key, name, audience, url, description, redirect_urls, allow_global_admin, skip_uid_whitelist)
VALUES ('portal', 'Industry Alignment Management Platform', 'portal', 'http://localhost:3000/dashboard',
        'The portal itself', ARRAY['http://localhost:3000/dashboard'], true, true);
