-- Up Migration
-- A run stores what its list pages give and completes when the lists are read; the details a list
-- lacks (coordinates, parents, classes) are filled in afterwards by background work. A row whose
-- details are still to be read carries when the run that found it new or changed was requested:
-- the most recent runs' rows are read first. NULL once its details are stored (or for kinds whose
-- list says everything).
ALTER TABLE swc_entities ADD COLUMN details_wanted_at timestamptz;
CREATE INDEX swc_entities_details_wanted ON swc_entities (details_wanted_at DESC, kind)
  WHERE details_wanted_at IS NOT NULL AND gone_at IS NULL;

-- Who asked for a run: an admin (requested_by) or the target's schedule.
ALTER TABLE sync_runs ADD COLUMN triggered_by text NOT NULL DEFAULT 'admin' CHECK (triggered_by IN ('admin', 'schedule'));

-- One schedule per target: a run every `every_hours`, the next one due at `next_run_at`. The minute
-- sweep claims a due schedule by moving `next_run_at` on in the statement that reads it, so one
-- replica only queues its run.
CREATE TABLE sync_schedules (
  target text PRIMARY KEY,
  every_hours integer NOT NULL CHECK (every_hours BETWEEN 1 AND 168),
  next_run_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by uuid REFERENCES users(id) ON DELETE SET NULL
);

-- The details fill is worked by one job at a time across replicas: the job holding this lease, renewed
-- with every row it stores; `lease_worker` names the worker process (its presence lock), so the sweep
-- hands the work on as soon as that process is dead.
CREATE TABLE sync_details_lease (
  id integer PRIMARY KEY CHECK (id = 1),
  leased_by text,
  lease_until timestamptz,
  lease_worker integer
);
INSERT INTO sync_details_lease (id) VALUES (1);
