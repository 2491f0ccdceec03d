-- Up Migration
-- SWCombine's list of factions, read once a day: an access rule may name any faction the game lists, not only
-- those the portal has seen a player of. A faction becomes a group when a rule first names it.
CREATE TABLE swc_factions (
  faction_uid text PRIMARY KEY,
  name text NOT NULL,
  read_at timestamptz NOT NULL
);
