-- Up Migration
-- SWCombine allows a number of web-service requests per window per client IP; every replica takes
-- its requests from this one row, kept in step with SWCombine's X-RateLimit-* answers.
CREATE TABLE swc_budget (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  request_limit integer NOT NULL CHECK (request_limit >= 0),
  remaining integer NOT NULL CHECK (remaining >= 0),
  -- When the window ends; until SWCombine has answered in this window it is an estimate.
  reset_at timestamptz NOT NULL,
  reset_confirmed boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- When the profile (name, image, race, faction) was last read from SWCombine; a returning player
-- whose profile is recent signs in without a web-service request.
ALTER TABLE users ADD COLUMN profile_refreshed_at timestamptz;
