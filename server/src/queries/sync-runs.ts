import type { SyncProgress, SyncRunStatus, SyncTarget } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';

export interface SyncRunRow {
  id: string;
  target: SyncTarget;
  status: SyncRunStatus;
  message: string | null;
  progress: SyncProgress;
  requestedBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const COLUMNS = `id, target, status, message, progress, requested_by AS "requestedBy", created_at AS "createdAt",
  started_at AS "startedAt", finished_at AS "finishedAt"`;

/**
 * A queued run, its lease kept until `leaseUntil` for the job it is handed to. Fails with a unique
 * violation (23505) while a run of the same target is queued or running.
 */
export async function insertQueuedRun(
  db: DbClient,
  target: SyncTarget,
  requestedBy: string | null,
  at: Date,
  leaseUntil: Date,
): Promise<SyncRunRow> {
  const { rows } = await db.query<SyncRunRow>(
    `INSERT INTO sync_runs (target, status, requested_by, created_at, lease_until) VALUES ($1, 'queued', $2, $3, $4)
     RETURNING ${COLUMNS}`,
    [target, requestedBy, at, leaseUntil],
  );
  return rows[0]!;
}

export async function findRun(db: DbClient, id: string): Promise<SyncRunRow | null> {
  const { rows } = await db.query<SyncRunRow>(`SELECT ${COLUMNS} FROM sync_runs WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function listRuns(db: DbClient, limit: number): Promise<SyncRunRow[]> {
  const { rows } = await db.query<SyncRunRow>(`SELECT ${COLUMNS} FROM sync_runs ORDER BY created_at DESC, seq DESC LIMIT $1`, [limit]);
  return rows;
}

/** Ends a queued or running run; with `holder`, only while that job holds its lease. */
export async function finishRun(
  db: DbClient,
  id: string,
  status: 'completed' | 'failed',
  message: string,
  at: Date,
  holder: string | null = null,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sync_runs SET status = $2, message = $3, finished_at = $4, progress = '{}', leased_by = NULL, lease_until = NULL
     WHERE id = $1 AND status IN ('queued', 'running') AND ($5::text IS NULL OR leased_by = $5)`,
    [id, status, message, at, holder],
  );
  return rowCount === 1;
}

/** When a run of `target` (or of `all`) last completed, per target. */
export async function lastCompletedByTarget(db: DbClient): Promise<Map<SyncTarget, Date>> {
  const { rows } = await db.query<{ target: SyncTarget; at: Date }>(
    `SELECT target, max(finished_at) AS at FROM sync_runs WHERE status = 'completed' GROUP BY target`,
  );
  return new Map(rows.map((r) => [r.target, r.at]));
}
