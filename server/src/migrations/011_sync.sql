-- Up Migration
-- One row per requested sync of SWCombine data (a target such as `systems`, or `all`).
CREATE TABLE sync_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  message text,
  progress jsonb NOT NULL DEFAULT '{}',
  requested_by uuid NULL REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
-- At most one queued or running run per target: a second trigger is refused (409).
CREATE UNIQUE INDEX sync_runs_one_active ON sync_runs (target) WHERE status IN ('queued', 'running');
CREATE INDEX sync_runs_newest ON sync_runs (created_at DESC);

-- Where a run stands in each list it reads (a target reads one or more lists, e.g. classes per
-- type kind). Written in the same transaction as the page it follows, so a killed run resumes
-- at the next page with no row read twice or missed.
CREATE TABLE sync_checkpoints (
  run_id uuid NOT NULL REFERENCES sync_runs(id) ON DELETE CASCADE,
  segment text NOT NULL,
  target text NOT NULL,
  next_start_index integer NOT NULL DEFAULT 1,
  total integer,
  done boolean NOT NULL DEFAULT false,
  -- new / changed / unchanged counts so far
  counts jsonb NOT NULL DEFAULT '{}',
  started_at timestamptz NOT NULL,
  PRIMARY KEY (run_id, segment)
);

-- Every row read from SWCombine, one table for all kinds: the data API, the upsert, the hash
-- comparison and the gone marking are the same for every kind; the answer as SWCombine sent it
-- is kept in `raw` beside the typed columns.
CREATE TABLE swc_entities (
  kind text NOT NULL,
  uid text NOT NULL,
  name text NOT NULL,
  parent_uid text,
  x double precision,
  y double precision,
  type_uid text,
  class text,
  owner_uid text,
  raw jsonb NOT NULL,
  hash text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  -- Not seen by a complete read of its kind since; kept, not deleted.
  gone_at timestamptz,
  run_id uuid REFERENCES sync_runs(id) ON DELETE SET NULL,
  PRIMARY KEY (kind, uid)
);
CREATE INDEX swc_entities_kind_name ON swc_entities (kind, lower(name));
