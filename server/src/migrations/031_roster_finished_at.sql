-- Up Migration
-- When the last read of a faction's roster ended, well or not: "Read rosters now" follows the reads it asked for
-- to their end, and says on its own line when one failed and why.
ALTER TABLE groups ADD COLUMN roster_finished_at timestamptz;
