import type { DbClient } from '../../../db/pool.ts';

export type MemberKind = 'planets' | 'stations';

/** What one system's detail answer lists inside it. */
export interface SystemMembers {
  systemUid: string;
  planets: string[];
  stations: string[];
}

/** A stored system a planet or station lies in, with the system's galaxy coordinates. */
interface ListingSystem {
  uid: string;
  x: number | null;
  y: number | null;
}

/** Replaces what the given systems list (a planet or station listed by two belongs to the last one). */
export async function writeSystemMembers(db: DbClient, systems: SystemMembers[]): Promise<void> {
  if (systems.length === 0) return;
  const members = new Map<string, { kind: MemberKind; uid: string; system: string }>();
  for (const s of systems) {
    for (const kind of ['planets', 'stations'] as const) {
      for (const uid of s[kind]) members.set(`${kind} ${uid}`, { kind, uid, system: s.systemUid });
    }
  }
  // One statement: the members no longer listed go, the listed ones are (re)pointed at their system (disjoint rows).
  await db.query(
    `WITH listed AS (
       SELECT m.kind, m.uid, m.system FROM jsonb_to_recordset($2::jsonb) AS m(kind text, uid text, system text)
     ), unlisted AS (
       DELETE FROM swc_system_members d
       WHERE d.system_uid = ANY($1) AND NOT EXISTS (SELECT 1 FROM listed l WHERE l.kind = d.member_kind AND l.uid = d.member_uid)
     )
     INSERT INTO swc_system_members (member_kind, member_uid, system_uid)
     SELECT kind, uid, system FROM listed
     ON CONFLICT (member_kind, member_uid) DO UPDATE SET system_uid = EXCLUDED.system_uid`,
    [systems.map((s) => s.systemUid), JSON.stringify([...members.values()])],
  );
}

/** For each of `uids` that a stored system (not gone) lists: that system. */
export async function listingSystems(db: DbClient, kind: MemberKind, uids: string[]): Promise<Map<string, ListingSystem>> {
  if (uids.length === 0) return new Map();
  const { rows } = await db.query<{ member_uid: string; uid: string; x: number | null; y: number | null }>(
    `SELECT m.member_uid, s.uid, s.x, s.y
     FROM swc_system_members m
     JOIN swc_entities s ON s.kind = 'systems' AND s.uid = m.system_uid AND s.gone_at IS NULL
     WHERE m.member_kind = $1 AND m.member_uid = ANY($2)`,
    [kind, uids],
  );
  return new Map(rows.map((r) => [r.member_uid, { uid: r.uid, x: r.x, y: r.y }]));
}
