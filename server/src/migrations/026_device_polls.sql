-- Up Migration
-- A device's polls of its device code (RFC 8628 §3.5): when it last polled, and the interval it must keep
-- (5 seconds, and 5 more after each slow_down). Kept beside the code, so every replica sees them.
ALTER TABLE oidc_payloads ADD COLUMN polled_at timestamptz;
ALTER TABLE oidc_payloads ADD COLUMN poll_interval_s integer CHECK (poll_interval_s > 0);
