import type { DbClient } from '../../../db/pool.ts';

/** A row as the sync stores it: typed columns beside the answer as SWCombine sent it. */
export interface EntityInput {
  uid: string;
  name: string;
  parentUid: string | null;
  x: number | null;
  y: number | null;
  typeUid: string | null;
  className: string | null;
  ownerUid: string | null;
  raw: unknown;
  hash: string;
  /** Its details (what the list entry lacks) are still to be read: the stored ones are kept until then. */
  detailsPending?: boolean;
}

export interface StoredState {
  hash: string;
  gone: boolean;
  runId: string | null;
}

/** The stored hash of each of `uids` (locked when in a transaction, so two runs do not count a row twice). */
export async function lockStoredStates(db: DbClient, kind: string, uids: string[]): Promise<Map<string, StoredState>> {
  const { rows } = await db.query<{ uid: string; hash: string; gone: boolean; run_id: string | null }>(
    `SELECT uid, hash, gone_at IS NOT NULL AS gone, run_id FROM swc_entities WHERE kind = $1 AND uid = ANY($2) FOR UPDATE`,
    [kind, uids],
  );
  return new Map(rows.map((r) => [r.uid, { hash: r.hash, gone: r.gone, runId: r.run_id }]));
}

/** The stored hash of each of `uids`, without locking (to decide which rows need a detail call). */
export async function storedHashes(db: DbClient, kind: string, uids: string[]): Promise<Map<string, string>> {
  const { rows } = await db.query<{ uid: string; hash: string }>(
    `SELECT uid, hash FROM swc_entities WHERE kind = $1 AND uid = ANY($2) AND gone_at IS NULL`,
    [kind, uids],
  );
  return new Map(rows.map((r) => [r.uid, r.hash]));
}

/**
 * Inserts or refreshes rows by (kind, uid); a row seen again is no longer gone. A row whose details
 * are pending keeps the detail fields stored before (parent, coordinates, type, class) and is marked
 * wanted at `wantedAt` (when its run was requested); the others are stored as they are, complete.
 */
export async function upsertEntities(
  db: DbClient,
  kind: string,
  run: { runId: string; wantedAt: Date },
  at: Date,
  rows: EntityInput[],
): Promise<void> {
  if (rows.length === 0) return;
  const keep = (column: string) =>
    `${column} = CASE WHEN EXCLUDED.details_wanted_at IS NULL THEN EXCLUDED.${column} ELSE COALESCE(EXCLUDED.${column}, swc_entities.${column}) END`;
  await db.query(
    `INSERT INTO swc_entities (kind, uid, name, parent_uid, x, y, type_uid, class, owner_uid, raw, hash,
       first_seen_at, last_seen_at, gone_at, run_id, details_wanted_at)
     SELECT $1, r.uid, r.name, r."parentUid", r.x, r.y, r."typeUid", r."className", r."ownerUid", r.raw, r.hash, $3, $3, NULL, $2,
       CASE WHEN r."detailsPending" THEN $5::timestamptz END
     FROM jsonb_to_recordset($4::jsonb) AS r(uid text, name text, "parentUid" text, x double precision, y double precision,
       "typeUid" text, "className" text, "ownerUid" text, raw jsonb, hash text, "detailsPending" boolean)
     ON CONFLICT (kind, uid) DO UPDATE SET
       name = EXCLUDED.name, ${['parent_uid', 'x', 'y', 'type_uid', 'class'].map(keep).join(', ')},
       owner_uid = EXCLUDED.owner_uid, raw = EXCLUDED.raw, hash = EXCLUDED.hash,
       first_seen_at = CASE WHEN swc_entities.gone_at IS NULL THEN swc_entities.first_seen_at ELSE EXCLUDED.first_seen_at END,
       last_seen_at = EXCLUDED.last_seen_at, gone_at = NULL, run_id = EXCLUDED.run_id, details_wanted_at = EXCLUDED.details_wanted_at`,
    [kind, run.runId, at, JSON.stringify(rows), run.wantedAt],
  );
}

/**
 * After a complete read of `kind` (or of its rows whose UID type is one of `uidTypes`): rows this
 * run did not see, and no other run saw since the read began, are marked gone (kept, not deleted).
 * Answers how many.
 */
export async function markUnseenGone(
  db: DbClient,
  kind: string,
  run: { runId: string; readStartedAt: Date; at: Date },
  uidTypes: string[] | null = null,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE swc_entities SET gone_at = $4
     WHERE kind = $1 AND gone_at IS NULL AND run_id IS DISTINCT FROM $2 AND last_seen_at <= $3
       AND ($5::text[] IS NULL OR split_part(uid, ':', 1) = ANY($5))`,
    [kind, run.runId, run.readStartedAt, run.at, uidTypes],
  );
  return rowCount ?? 0;
}

/** Rows stored per kind, not counting those marked gone. */
export async function countLiveByKind(db: DbClient): Promise<Map<string, number>> {
  const { rows } = await db.query<{ kind: string; n: number }>(
    `SELECT kind, count(*)::int AS n FROM swc_entities WHERE gone_at IS NULL GROUP BY kind`,
  );
  return new Map(rows.map((r) => [r.kind, r.n]));
}

/** Rows seen again unchanged: only when and by which run. */
export async function touchEntities(db: DbClient, kind: string, runId: string, at: Date, uids: string[]): Promise<void> {
  if (uids.length === 0) return;
  await db.query(`UPDATE swc_entities SET last_seen_at = $3, run_id = $2 WHERE kind = $1 AND uid = ANY($4)`, [kind, runId, at, uids]);
}
