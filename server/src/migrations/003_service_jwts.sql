-- Up Migration
CREATE TABLE service_jwt_configs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  service_name text NOT NULL UNIQUE,
  audience text NOT NULL,
  subject text NOT NULL,
  authorized_party text,
  ttl_minutes integer NOT NULL CHECK (ttl_minutes BETWEEN 5 AND 1440),
  k8s_namespace text NOT NULL,
  k8s_secret_name text NOT NULL,
  k8s_secret_key text NOT NULL,
  rotation_enabled boolean NOT NULL DEFAULT true,
  rotation_interval_minutes integer NOT NULL CHECK (rotation_interval_minutes BETWEEN 60 AND 525600),
  last_rotated_at timestamptz,
  token_expires_at timestamptz,
  -- Failed rotations back off: the sweep leaves the configuration alone until next_attempt_at.
  failure_count integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE service_jwt_rotations (
  id bigserial PRIMARY KEY,
  config_id uuid NOT NULL REFERENCES service_jwt_configs(id) ON DELETE CASCADE,
  rotated_at timestamptz NOT NULL,
  type text NOT NULL CHECK (type IN ('manual', 'auto')),
  status text NOT NULL CHECK (status IN ('success', 'failed')),
  message text,
  jti text,
  expires_at timestamptz
);
CREATE INDEX service_jwt_rotations_config_time ON service_jwt_rotations (config_id, rotated_at DESC, id DESC);
