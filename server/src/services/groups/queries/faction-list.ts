import type { DbClient } from '../../../db/pool.ts';
import type { ListedFaction } from '../../../integrations/swcombine/faction-list.ts';

/** When SWCombine's faction list was last read; null before the first read. */
export async function factionListReadAt(db: DbClient): Promise<Date | null> {
  const { rows } = await db.query<{ read_at: Date | null }>('SELECT max(read_at) AS read_at FROM swc_factions');
  return rows[0]?.read_at ?? null;
}

/** The list as SWCombine answered it now: factions it no longer lists go. */
export async function replaceFactionList(db: DbClient, factions: readonly ListedFaction[], now: Date): Promise<void> {
  const uids = factions.map((f) => f.uid);
  await db.query('DELETE FROM swc_factions WHERE NOT (faction_uid = ANY($1::text[]))', [uids]);
  await db.query(
    `INSERT INTO swc_factions (faction_uid, name, read_at) SELECT * FROM unnest($1::text[], $2::text[]) AS f(uid, name), (SELECT $3::timestamptz) AS t
     ON CONFLICT (faction_uid) DO UPDATE SET name = EXCLUDED.name, read_at = EXCLUDED.read_at`,
    [uids, factions.map((f) => f.name), now],
  );
}

export interface ListedFactionRow {
  faction_uid: string;
  name: string;
  /** The faction's group, once the portal has one (a player of it signed in, a roster, a rule). */
  group_id: string | null;
}

/** The factions SWCombine lists, by name, with their groups where the portal has one. */
export async function listedFactions(db: DbClient): Promise<ListedFactionRow[]> {
  const { rows } = await db.query<ListedFactionRow>(
    `SELECT f.faction_uid, f.name, g.id AS group_id FROM swc_factions f LEFT JOIN groups g ON g.faction_uid = f.faction_uid
     ORDER BY lower(f.name), f.faction_uid`,
  );
  return rows;
}

export async function findListedFaction(db: DbClient, factionUid: string): Promise<{ faction_uid: string; name: string } | null> {
  const { rows } = await db.query<{ faction_uid: string; name: string }>(
    'SELECT faction_uid, name FROM swc_factions WHERE faction_uid = $1',
    [factionUid],
  );
  return rows[0] ?? null;
}

export async function factionGroupId(db: DbClient, factionUid: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM groups WHERE faction_uid = $1', [factionUid]);
  return rows[0]?.id ?? null;
}
