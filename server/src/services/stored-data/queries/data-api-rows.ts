import type { DataItem, DataKind } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';

interface Row extends Omit<DataItem, 'first_seen_at' | 'last_seen_at' | 'gone_at'> {
  first_seen_at: Date;
  last_seen_at: Date;
  gone_at: Date | null;
}

const COLUMNS = `uid, name, kind, parent_uid, x, y, type_uid, class, owner_uid, first_seen_at, last_seen_at, gone_at,
  details_wanted_at IS NOT NULL AS details_pending, raw`;

const toItem = (r: Row): DataItem => ({
  ...r,
  first_seen_at: r.first_seen_at.toISOString(),
  last_seen_at: r.last_seen_at.toISOString(),
  gone_at: r.gone_at ? r.gone_at.toISOString() : null,
});

/** `%`, `_` and `\` match themselves in a name filter. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows of a kind still listed by SWCombine, by name; `q` is part of a name or a whole UID. */
export async function listStored(
  db: DbClient,
  kind: DataKind,
  page: { limit: number; offset: number; q?: string },
): Promise<{ items: DataItem[]; total: number }> {
  const filter = `kind = $1 AND gone_at IS NULL AND ($2::text IS NULL OR name ILIKE $3 OR uid = $2)`;
  const args = [kind, page.q ?? null, page.q ? likePattern(page.q) : null];
  const [items, total] = await Promise.all([
    db.query<Row>(`SELECT ${COLUMNS} FROM swc_entities WHERE ${filter} ORDER BY name, uid LIMIT $4 OFFSET $5`, [
      ...args,
      page.limit,
      page.offset,
    ]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM swc_entities WHERE ${filter}`, args),
  ]);
  return { items: items.rows.map(toItem), total: total.rows[0]!.n };
}

/** One row by UID, also when it is gone (then `gone_at` says since when). */
export async function findStored(db: DbClient, kind: DataKind, uid: string): Promise<DataItem | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM swc_entities WHERE kind = $1 AND uid = $2`, [kind, uid]);
  return rows[0] ? toItem(rows[0]) : null;
}
