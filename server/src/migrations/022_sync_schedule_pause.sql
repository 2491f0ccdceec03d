-- Up Migration
-- A schedule can be paused without losing its period: the minute sweep leaves a paused schedule alone until
-- an admin resumes it (both audited). NULL: it runs.
ALTER TABLE sync_schedules ADD COLUMN paused_at timestamptz;
