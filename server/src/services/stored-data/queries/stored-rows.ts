import type { DataKind, RowState } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import { GALAXY_KINDS, TYPE_KINDS } from '../../../domain/detail-fields.ts';
import type { MapEntity, MapSystem } from '../../../domain/galaxy-map.ts';

export interface StoredRow {
  uid: string;
  name: string;
  parentUid: string | null;
  parentName: string | null;
  x: number | null;
  y: number | null;
  typeUid: string | null;
  typeName: string | null;
  className: string | null;
  ownerUid: string | null;
  firstSeenAt: Date;
  lastSeenAt: Date;
  goneAt: Date | null;
  /** The sync still has to read this row's detail answer (new, or changed since it was read). */
  detailsPending: boolean;
}

// A parent is a galaxy row (a station's may be a planet); a type UID names an entity type. Type and entity
// UIDs share their type number (ship type 2:7, ship 2:24000001), so each join names the kinds it may match.
const select = (
  extra = '',
) => `SELECT e.uid, e.name, e.parent_uid AS "parentUid", p.name AS "parentName", e.x, e.y, e.type_uid AS "typeUid",
    t.name AS "typeName", e.class AS "className", e.owner_uid AS "ownerUid", e.first_seen_at AS "firstSeenAt",
    e.last_seen_at AS "lastSeenAt", e.gone_at AS "goneAt",
    e.details_wanted_at IS NOT NULL AS "detailsPending"${extra}
  FROM swc_entities e
  LEFT JOIN swc_entities p ON p.kind = ANY($1::text[]) AND p.uid = e.parent_uid
  LEFT JOIN swc_entities t ON t.kind = ANY($2::text[]) AND t.uid = e.type_uid`;
/** $1 and $2 of select(): the kinds a parent and a type may be. */
const JOIN_KINDS = [GALAXY_KINDS, TYPE_KINDS];

const STATE_FILTER: Record<RowState, string> = {
  any: 'true',
  listed: 'e.gone_at IS NULL',
  gone: 'e.gone_at IS NOT NULL',
};

/** `%`, `_` and `\` match themselves in a name filter. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of a kind's rows by name, in the state asked for; `q` (when given, even empty) is part of a
 * name or a whole UID. `raw`: each row with the answer SWCombine sent for it.
 */
export async function pageStoredRows(
  db: DbClient,
  kind: DataKind,
  page: { limit: number; offset: number; q?: string | undefined; state: RowState; raw?: boolean },
): Promise<{ rows: (StoredRow & { raw?: unknown })[]; total: number }> {
  // $1 and $2 are the joins' when the rows are read, unused by the count.
  const filter = (at: number) =>
    `e.kind = $${at} AND ${STATE_FILTER[page.state]} AND ($${at + 1}::text IS NULL OR e.name ILIKE $${at + 2} OR e.uid = $${at + 1})`;
  const args = [kind, page.q ?? null, page.q ? likePattern(page.q) : null];
  const [rows, total] = await Promise.all([
    db.query<StoredRow & { raw?: unknown }>(
      `${select(page.raw ? ', e.raw' : '')} WHERE ${filter(3)} ORDER BY e.name, e.uid LIMIT $6 OFFSET $7`,
      [...JOIN_KINDS, ...args, page.limit, page.offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM swc_entities e WHERE ${filter(1)}`, args),
  ]);
  return { rows: rows.rows, total: total.rows[0]!.n };
}

/** One row with the answer SWCombine sent for it, also when it is gone (then `goneAt` says since when). */
export async function findStoredRow(db: DbClient, kind: DataKind, uid: string): Promise<(StoredRow & { raw: unknown }) | null> {
  const { rows } = await db.query<StoredRow & { raw: unknown }>(`${select(', e.raw')} WHERE e.kind = $3 AND e.uid = $4`, [
    ...JOIN_KINDS,
    kind,
    uid,
  ]);
  return rows[0] ?? null;
}

/** Listed sectors and systems (with or without coordinates) and the inventory's entities with the system each lies in. */
export async function readGalaxyForMap(db: DbClient): Promise<{
  sectors: { uid: string; name: string }[];
  systems: MapSystem[];
  entities: MapEntity[];
}> {
  const [sectors, systems, entities] = await Promise.all([
    db.query<{ uid: string; name: string }>(`SELECT uid, name FROM swc_entities WHERE kind = 'sectors' AND gone_at IS NULL ORDER BY uid`),
    db.query<MapSystem>(
      `SELECT uid, name, x, y, parent_uid AS "sectorUid" FROM swc_entities WHERE kind = 'systems' AND gone_at IS NULL ORDER BY uid`,
    ),
    // An entity's parent is its planet, else its system: a planet's system is its stored parent or the system whose detail lists it.
    db.query<MapEntity>(
      `SELECT e.uid, e.name, e.x, e.y,
         CASE WHEN split_part(e.parent_uid, ':', 1) = '9' THEN e.parent_uid ELSE COALESCE(pl.parent_uid, m.system_uid) END AS "systemUid"
       FROM swc_entities e
       LEFT JOIN swc_entities pl ON pl.kind = 'planets' AND pl.uid = e.parent_uid
       LEFT JOIN swc_system_members m ON m.member_kind = 'planets' AND m.member_uid = e.parent_uid
       WHERE e.kind = 'inventory' AND e.gone_at IS NULL
       ORDER BY e.uid`,
    ),
  ]);
  return { sectors: sectors.rows, systems: systems.rows, entities: entities.rows };
}
