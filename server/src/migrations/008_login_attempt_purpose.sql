-- Up Migration
-- SWCombine knows one redirect URI (/auth/callback): every flow that sends a browser there (sign-in,
-- a player's SWC consents, an admin's SWC binding) stores what it is for and what it needs back.
ALTER TABLE login_attempts
  ADD COLUMN purpose text NOT NULL DEFAULT 'sign_in',
  ADD COLUMN payload jsonb NOT NULL DEFAULT '{}'::jsonb;
