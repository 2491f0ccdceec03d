-- Up Migration
-- What an app is told of a player's groups (X-Auth-Request-Groups, the groups claim): the groups its access rules
-- name, and those an admin shows to every app. A player in many groups then stays within an ingress's header buffer,
-- and an app learns nothing it has no use for.
ALTER TABLE groups ADD COLUMN shown_to_apps boolean NOT NULL DEFAULT false;

-- Group names are compared case aside across kinds: a faction whose name another group has travels with its UID.
CREATE INDEX groups_name_lower ON groups (lower(name));
