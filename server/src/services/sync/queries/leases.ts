import type { SyncProgress } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import { WORKER_LOCK_SPACE } from '../../../db/worker-presence.ts';

/** Which job execution works a run (`holder`), and until when its lease lasts without renewal. */
export interface LeaseTerms {
  runId: string;
  holder: string;
  until: Date;
  /** The presence id of the worker process running the job (see worker-presence.ts), if it holds one. */
  worker?: number | null;
}

/**
 * Takes a queued or running run's lease for a job: free when it has no holder (kept for whichever
 * job it was handed to) or has expired. Marks the run running (a resumed one keeps its first start).
 * False when another job holds it or the run has ended.
 */
export async function takeLease(db: DbClient, lease: LeaseTerms, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sync_runs SET status = 'running', started_at = COALESCE(started_at, $4), leased_by = $2, lease_until = $3, lease_worker = $5
     WHERE id = $1 AND status IN ('queued', 'running') AND (leased_by IS NULL OR lease_until IS NULL OR lease_until <= $4)`,
    [lease.runId, lease.holder, lease.until, at, lease.worker ?? null],
  );
  return rowCount === 1;
}

/**
 * Renews the lease with a stored page (in the page's transaction), recording the progress: the run
 * got a request, so its failures and its wait for the budget start over. False when the lease is
 * no longer this job's.
 */
export async function renewWithPage(db: DbClient, lease: LeaseTerms, progress: SyncProgress): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sync_runs SET lease_until = $3, progress = $4, failures = 0, starved_since = NULL
     WHERE id = $1 AND leased_by = $2 AND status = 'running'`,
    [lease.runId, lease.holder, lease.until, progress],
  );
  return rowCount === 1;
}

/** Renews the lease, and sets the progress when given; false when the lease is no longer this job's. */
export async function holdLease(db: DbClient, lease: LeaseTerms, progress?: SyncProgress): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sync_runs SET lease_until = $3, progress = COALESCE($4, progress) WHERE id = $1 AND leased_by = $2 AND status = 'running'`,
    [lease.runId, lease.holder, lease.until, progress ?? null],
  );
  return rowCount === 1;
}

/**
 * Renews the lease over a wait for the budget, recording the progress; `waitingSince` is when the
 * run began waiting without getting a request (kept from an earlier wait). Answers since when the
 * run has waited, or null when the lease is no longer this job's.
 */
export async function renewWhileWaiting(
  db: DbClient,
  lease: LeaseTerms,
  progress: SyncProgress,
  waitingSince: Date | null,
): Promise<{ starvedSince: Date | null } | null> {
  const { rows } = await db.query<{ starvedSince: Date | null }>(
    `UPDATE sync_runs SET lease_until = $3, progress = $4, starved_since = COALESCE(starved_since, $5)
     WHERE id = $1 AND leased_by = $2 AND status = 'running' RETURNING starved_since AS "starvedSince"`,
    [lease.runId, lease.holder, lease.until, progress, waitingSince],
  );
  return rows[0] ?? null;
}

/** Gives the lease up, kept until `until` for the job the run is handed to next (a continuation or a retry). */
export async function handOverLease(db: DbClient, lease: LeaseTerms): Promise<void> {
  await db.query(`UPDATE sync_runs SET leased_by = NULL, lease_worker = NULL, lease_until = $3 WHERE id = $1 AND leased_by = $2`, [
    lease.runId,
    lease.holder,
    lease.until,
  ]);
}

/** Counts an unexpected failure and gives the lease up at once for a retry; answers the failures in a row. */
export async function releaseAfterFailure(db: DbClient, lease: Omit<LeaseTerms, 'until'>, at: Date): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `UPDATE sync_runs SET failures = failures + 1, leased_by = NULL, lease_worker = NULL, lease_until = $3
     WHERE id = $1 AND leased_by = $2 RETURNING failures`,
    [lease.runId, lease.holder, at],
  );
  return rows[0]?.failures ?? 0;
}

/** The worker `column` names no longer holds its presence lock in this database: its process is gone. */
export const workerGone = (column: string) => `${column} IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.classid = ${WORKER_LOCK_SPACE}::oid AND l.objid = ${column}::oid)`;
const WORKER_GONE = workerGone('lease_worker');

/**
 * Runs that should be worked but whose job is gone: their lease expired (the job died, hangs or was
 * lost) or the worker process holding it is dead. Kept for a new job until `until`, answered by id.
 */
export async function reserveStalledRuns(db: DbClient, at: Date, until: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE sync_runs SET leased_by = NULL, lease_worker = NULL, lease_until = $2
     WHERE status IN ('queued', 'running') AND (lease_until IS NULL OR lease_until <= $1 OR (${WORKER_GONE})) RETURNING id`,
    [at, until],
  );
  return rows.map((r) => r.id);
}
