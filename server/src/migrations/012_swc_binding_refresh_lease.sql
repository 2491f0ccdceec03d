-- Up Migration
-- The binding refresh claims a row for a short while instead of holding a row lock across the
-- call to SWCombine: a claim older than this time is free again (a replica that died mid-refresh).
ALTER TABLE swc_bindings ADD COLUMN refreshing_until timestamptz;
