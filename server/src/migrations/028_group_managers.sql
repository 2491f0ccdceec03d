-- Up Migration
-- Officers run their own groups: players who manage a group an admin keeps, how players join it, their requests,
-- and memberships with an end date.

-- closed: only managers and admins add members (the default, and always so for a faction, which the game keeps);
-- request: players ask and a manager approves; open: players join at once.
ALTER TABLE groups ADD COLUMN joining text NOT NULL DEFAULT 'closed' CHECK (joining IN ('closed', 'request', 'open'));
ALTER TABLE groups ADD CONSTRAINT groups_faction_closed CHECK (kind = 'custom' OR joining = 'closed');

-- Players (not necessarily admins) who manage a group's members and answer its requests.
CREATE TABLE group_managers (
  group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_managers_user ON group_managers (user_id);

-- How a player came to be in a group: an admin, a manager, the player joining an open group, an approved request.
ALTER TABLE group_members DROP CONSTRAINT group_members_source_check;
ALTER TABLE group_members ADD CONSTRAINT group_members_source_check
  CHECK (source IN ('admin', 'sign-in', 'roster', 'manager', 'joined', 'approved'));
-- When an approval or an add carried an end date: the membership ends then (the group sweep, every minute).
ALTER TABLE group_members ADD COLUMN until timestamptz;
CREATE INDEX group_members_until ON group_members (until) WHERE until IS NOT NULL;

-- A player's request to join a `request` group, and its answer.
CREATE TABLE group_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 500),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'withdrawn', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- An unanswered request expires then (GROUP_REQUEST_DAYS after it was made).
  expires_at timestamptz NOT NULL,
  answered_at timestamptz,
  answered_by uuid REFERENCES users(id) ON DELETE SET NULL,
  reason text CHECK (length(reason) <= 500),
  -- The end date an approval gave the membership.
  until timestamptz
);
-- One pending request per player and group.
CREATE UNIQUE INDEX group_requests_one_pending ON group_requests (group_id, user_id) WHERE status = 'pending';
CREATE INDEX group_requests_user ON group_requests (user_id, created_at);
CREATE INDEX group_requests_expiring ON group_requests (expires_at) WHERE status = 'pending';
