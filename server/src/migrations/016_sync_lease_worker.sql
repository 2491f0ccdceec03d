-- Up Migration
-- The worker process whose job holds a run's lease: the id of its presence lock (an advisory lock
-- its own session holds while the process lives). When that lock is gone the worker is dead, and
-- the sweep hands the run on without waiting for the lease to run out. NULL when no job holds the
-- run, or its worker held no presence lock (then only the lease's expiry tells).
ALTER TABLE sync_runs ADD COLUMN lease_worker integer;
