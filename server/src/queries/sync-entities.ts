import type { DbClient } from '../db/pool.ts';

/** Rows stored per kind, not counting those marked gone. */
export async function countLiveByKind(db: DbClient): Promise<Map<string, number>> {
  const { rows } = await db.query<{ kind: string; n: number }>(
    `SELECT kind, count(*)::int AS n FROM swc_entities WHERE gone_at IS NULL GROUP BY kind`,
  );
  return new Map(rows.map((r) => [r.kind, r.n]));
}
