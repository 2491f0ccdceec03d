-- Up Migration
-- A run is worked by one job at a time: the job that holds the lease (`leased_by`, an id drawn per
-- job execution) renews it with every page it stores. A lease with no holder is kept for the job
-- handed the run (queued, or paused until the budget allows). An expired lease means the job died
-- or hangs: the minute sweep hands the run to a new job, which resumes from the checkpoints.
ALTER TABLE sync_runs
  ADD COLUMN lease_until timestamptz,
  ADD COLUMN leased_by text,
  -- Executions in a row that failed unexpectedly without storing a page; the run fails at 5.
  ADD COLUMN failures integer NOT NULL DEFAULT 0,
  -- Since when the run has waited for the request budget without getting a request.
  ADD COLUMN starved_since timestamptz,
  -- Creation order, for runs created within the same clock tick.
  ADD COLUMN seq bigserial;

DROP INDEX sync_runs_newest;
CREATE INDEX sync_runs_newest ON sync_runs (created_at DESC, seq DESC);
