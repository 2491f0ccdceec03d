-- Up Migration
-- Groups of players: those an admin keeps, and one per SWCombine faction, kept by the game (the
-- faction a player's character names at sign-in, and the faction's member list read from SWCombine).
CREATE TABLE groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('custom', 'faction')),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  faction_uid text UNIQUE CHECK (faction_uid ~ '^20:[0-9]+$'),
  -- Faction groups: when the member list was last read whole, and why the last read failed.
  roster_read_at timestamptz,
  roster_error text,
  -- When a replica last began to read the member list (retried only when due again), and until when that
  -- read holds it: one replica reads a roster at a time.
  roster_attempted_at timestamptz,
  roster_lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'faction') = (faction_uid IS NOT NULL))
);
-- Two groups an admin keeps never share a name (case aside); a faction's name is the game's.
CREATE UNIQUE INDEX groups_custom_name ON groups (lower(name)) WHERE kind = 'custom';

-- Who is in a group. `left_at` is set when the game says a player left a faction: an access rule's
-- grace period may still count them until it runs out; then the row goes.
CREATE TABLE group_members (
  group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('admin', 'sign-in', 'roster')),
  added_at timestamptz NOT NULL DEFAULT now(),
  left_at timestamptz,
  -- Up to when the ends of the rules' grace periods after `left_at` were applied.
  ends_applied_at timestamptz,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user ON group_members (user_id);
CREATE INDEX group_members_leaving ON group_members (left_at) WHERE left_at IS NOT NULL;

-- An app's access rules: members of the group may open it, with these roles and scopes.
CREATE TABLE app_access_rules (
  app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  group_id uuid NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  roles text[] NOT NULL DEFAULT '{}',
  scopes text[] NOT NULL DEFAULT '{}',
  grace_hours integer NOT NULL DEFAULT 0 CHECK (grace_hours >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, group_id)
);
CREATE INDEX app_access_rules_group ON app_access_rules (group_id);

-- The faction a character names, by UID (the name alone may change or repeat).
ALTER TABLE users ADD COLUMN faction_uid text;
