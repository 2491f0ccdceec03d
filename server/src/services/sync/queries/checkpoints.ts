import type { SyncTarget } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';

/** What a run has read of one list so far. */
export interface PageCounts {
  new: number;
  changed: number;
  unchanged: number;
  gone: number;
}

export const NO_COUNTS: PageCounts = { new: 0, changed: 0, unchanged: 0, gone: 0 };

export interface Checkpoint {
  segment: string;
  target: SyncTarget;
  nextStartIndex: number;
  total: number | null;
  done: boolean;
  counts: PageCounts;
  startedAt: Date;
}

const COLUMNS = `segment, target, next_start_index AS "nextStartIndex", total, done, counts, started_at AS "startedAt"`;

/** The checkpoint of a run's list, created at the first page when there is none yet. */
export async function openCheckpoint(db: DbClient, runId: string, target: SyncTarget, segment: string, at: Date): Promise<Checkpoint> {
  await db.query(
    `INSERT INTO sync_checkpoints (run_id, segment, target, started_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (run_id, segment) DO NOTHING`,
    [runId, segment, target, at],
  );
  const { rows } = await db.query<Checkpoint>(`SELECT ${COLUMNS} FROM sync_checkpoints WHERE run_id = $1 AND segment = $2`, [
    runId,
    segment,
  ]);
  return { ...rows[0]!, counts: { ...NO_COUNTS, ...rows[0]!.counts } };
}

export async function checkpointsOf(db: DbClient, runId: string, target: SyncTarget): Promise<Checkpoint[]> {
  const { rows } = await db.query<Checkpoint>(`SELECT ${COLUMNS} FROM sync_checkpoints WHERE run_id = $1 AND target = $2`, [runId, target]);
  return rows.map((r) => ({ ...r, counts: { ...NO_COUNTS, ...r.counts } }));
}

/**
 * Moves a list's checkpoint past a page, in the page's transaction, only from where this job read
 * it (`from`): false when another job has moved it since (the page must not be stored).
 */
export async function advanceCheckpoint(
  db: DbClient,
  runId: string,
  segment: string,
  from: number,
  next: { nextStartIndex: number; total: number | null; done: boolean; counts: PageCounts },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sync_checkpoints SET next_start_index = $4, total = $5, done = $6, counts = $7
     WHERE run_id = $1 AND segment = $2 AND next_start_index = $3 AND NOT done`,
    [runId, segment, from, next.nextStartIndex, next.total, next.done, next.counts],
  );
  return rowCount === 1;
}

/** Records that a target finished (rows it did not see are marked gone in the same transaction); once per run. */
export async function closeTarget(db: DbClient, runId: string, target: SyncTarget, gone: number, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO sync_checkpoints (run_id, segment, target, done, counts, started_at) VALUES ($1, $2, $3, true, $4, $5)
     ON CONFLICT (run_id, segment) DO NOTHING`,
    [runId, goneSegment(target), target, { ...NO_COUNTS, gone }, at],
  );
}

/** The checkpoint row that says a target is complete, gone rows counted. */
export const goneSegment = (target: SyncTarget) => `${target}#gone`;

/** The length SWCombine gave for each list (by segment) at the latest read that learnt it. */
export async function latestListTotals(db: DbClient): Promise<Map<string, number>> {
  const { rows } = await db.query<{ segment: string; total: number }>(
    `SELECT DISTINCT ON (segment) segment, total FROM sync_checkpoints WHERE total IS NOT NULL ORDER BY segment, started_at DESC`,
  );
  return new Map(rows.map((r) => [r.segment, r.total]));
}
