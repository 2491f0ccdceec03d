import type { SyncProgress, SyncRunStatus, SyncTarget } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import { NO_COUNTS, type PageCounts } from './checkpoints.ts';

export interface SyncRunRow {
  id: string;
  target: SyncTarget;
  status: SyncRunStatus;
  message: string | null;
  progress: SyncProgress;
  requestedBy: string | null;
  triggeredBy: 'admin' | 'schedule';
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const COLUMNS = `id, target, status, message, progress, requested_by AS "requestedBy", triggered_by AS "triggeredBy", created_at AS "createdAt",
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

/** A queued run the target's schedule asked for; null while a run of that target is queued or running. */
export async function insertScheduledRun(db: DbClient, target: SyncTarget, at: Date, leaseUntil: Date): Promise<SyncRunRow | null> {
  const { rows } = await db.query<SyncRunRow>(
    `INSERT INTO sync_runs (target, status, triggered_by, created_at, lease_until) VALUES ($1, 'queued', 'schedule', $2, $3)
     ON CONFLICT (target) WHERE status IN ('queued', 'running') DO NOTHING
     RETURNING ${COLUMNS}`,
    [target, at, leaseUntil],
  );
  return rows[0] ?? null;
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

/** The last completed run of a target (or of `all`), with what it counted per target it read. */
export interface LastCompleted {
  at: Date;
  counts: Map<SyncTarget, PageCounts>;
}

/**
 * Per target run (`all` included): its last completed run that read the target (a run that skipped it
 * has no `<target>#gone` checkpoint, see goneSegment), and the counts its checkpoints kept per target read.
 */
export async function lastCompletedByTarget(db: DbClient): Promise<Map<SyncTarget, LastCompleted>> {
  const { rows } = await db.query<{ runTarget: SyncTarget; at: Date; target: SyncTarget | null; counts: Partial<PageCounts> | null }>(
    `WITH latest AS (
       SELECT DISTINCT ON (target) id, target, finished_at FROM sync_runs r WHERE status = 'completed'
         AND (target = 'all' OR EXISTS (SELECT 1 FROM sync_checkpoints c WHERE c.run_id = r.id AND c.segment = r.target || '#gone'))
       ORDER BY target, finished_at DESC, seq DESC
     )
     SELECT l.target AS "runTarget", l.finished_at AS at, c.target, c.counts
     FROM latest l LEFT JOIN sync_checkpoints c ON c.run_id = l.id`,
  );
  const out = new Map<SyncTarget, LastCompleted>();
  for (const r of rows) {
    const run = out.get(r.runTarget) ?? { at: r.at, counts: new Map<SyncTarget, PageCounts>() };
    out.set(r.runTarget, run);
    if (!r.target) continue;
    const sum = run.counts.get(r.target) ?? { ...NO_COUNTS };
    for (const k of ['new', 'changed', 'unchanged', 'gone'] as const) sum[k] += r.counts?.[k] ?? 0;
    run.counts.set(r.target, sum);
  }
  return out;
}

/** The latest run of each target (its own runs; `all` is a target of its own), whatever its status. */
export async function latestRunByTarget(db: DbClient): Promise<Map<SyncTarget, SyncRunRow>> {
  const { rows } = await db.query<SyncRunRow>(
    `SELECT DISTINCT ON (target) ${COLUMNS} FROM sync_runs ORDER BY target, created_at DESC, seq DESC`,
  );
  return new Map(rows.map((r) => [r.target, r]));
}
