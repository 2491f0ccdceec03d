-- Up Migration
-- Admin → Activity: every audit event newest first, paged by (created_at, id), and each filter by its own index.
CREATE INDEX audit_log_time ON audit_log (created_at DESC, id DESC);
DROP INDEX audit_log_user_time;
CREATE INDEX audit_log_user_time ON audit_log (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX audit_log_actor_time ON audit_log (actor_id, created_at DESC, id DESC) WHERE actor_id IS NOT NULL;
CREATE INDEX audit_log_app_time ON audit_log (app_key, created_at DESC, id DESC) WHERE app_key IS NOT NULL;
-- Sign-ins and sign-outs, most of the rows, are left out of the event index: filtering on them reads the time index
-- (every other row matches), and each sign-in writes one index entry fewer.
CREATE INDEX audit_log_event_time ON audit_log (event, created_at DESC, id DESC) WHERE event NOT IN ('login', 'logout');

-- The one webhook every new event is forwarded to. `delivered_id` is the cursor: events above it are still to
-- deliver, in id order; it moves only after a success. The lease keeps two workers from delivering at once.
CREATE TABLE audit_forwarding (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  url text NOT NULL,
  secret_enc text NOT NULL,
  delivered_id bigint NOT NULL,
  delivered_at timestamptz,
  failures integer NOT NULL DEFAULT 0,
  last_error text,
  last_failed_at timestamptz,
  lease_until timestamptz,
  lease_holder text,
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL
);
