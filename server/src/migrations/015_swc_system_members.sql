-- Up Migration
-- The planets and stations each stored system's detail answer lists, written with the system's row
-- in the same transaction: a new or changed planet or station found here takes its parent and
-- galaxy coordinates from that system instead of costing a detail call of its own.
CREATE TABLE swc_system_members (
  member_kind text NOT NULL CHECK (member_kind IN ('planets', 'stations')),
  member_uid text NOT NULL,
  system_uid text NOT NULL,
  PRIMARY KEY (member_kind, member_uid)
);
CREATE INDEX swc_system_members_system ON swc_system_members (system_uid);

-- Galaxy rows stored before the sync kept parents and coordinates have neither: the next sync reads
-- them as changed, so each gains them once (sectors and systems through a detail call).
UPDATE swc_entities SET hash = '' WHERE kind IN ('sectors', 'systems', 'planets', 'stations') AND x IS NULL;
