import { AuditEvent, type SyncRun, type SyncTarget } from '@portal/contract';
import type { DatabaseError } from 'pg';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { Conflict } from '../../lib/errors.ts';
import { finishRun, insertQueuedRun, listRuns, type SyncRunRow } from './queries/runs.ts';
import { auditAdmin, type RequestMeta } from '../audit.ts';
import { LEASE_MS } from './lease.ts';
import { auditRunFailed } from './run-failed.ts';

/** The pg-boss job that runs one sync run: `{ runId }` (the queue's name is fixed: jobs waiting in it outlive a release). */
export const SYNC_RUN_JOB = 'radiant-sync';
export interface SyncRunJob {
  runId: string;
}

const isUniqueViolation = (err: unknown) => (err as DatabaseError).code === '23505';

/** Queues a sync of `target` for the worker; 409 while one of the same target is queued or running. */
export async function triggerSync(
  deps: Pick<Deps, 'db' | 'clock' | 'queue'>,
  target: SyncTarget,
  actor: { userId: string },
  meta: RequestMeta,
): Promise<{ message: string }> {
  const run = await inTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    const row = await insertQueuedRun(tx, target, actor.userId, now, new Date(now.getTime() + LEASE_MS)).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new Conflict(`A ${target} sync is already queued or running.`);
      throw err;
    });
    await auditAdmin(deps, tx, { userId: actor.userId, meta }, AuditEvent.SyncTriggered, { details: { target, runId: row.id } });
    return row;
  });
  try {
    await deps.queue.send(SYNC_RUN_JOB, { runId: run.id } satisfies SyncRunJob);
  } catch (err) {
    // Without a job the run would block its target forever.
    const message = 'The sync could not be handed to the worker; try again.';
    if (await finishRun(deps.db, run.id, 'failed', message, deps.clock.now())) await auditRunFailed(deps, { id: run.id, target }, message);
    throw err;
  }
  return { message: `The ${target} sync is queued.` };
}

export function toSyncRun(row: SyncRunRow): SyncRun {
  const at = row.finishedAt ?? row.startedAt ?? row.createdAt;
  const hasProgress = Object.keys(row.progress).length > 0;
  return {
    type: row.target,
    status: row.status,
    message: row.message,
    timestamp: at.toISOString(),
    ...(hasProgress ? { progress: row.progress } : {}),
    ...(row.triggeredBy === 'schedule' ? { triggeredBy: 'schedule' as const } : {}),
  };
}

/** The latest runs, newest first. */
export async function listSyncRuns(deps: Pick<Deps, 'db'>, limit: number): Promise<SyncRun[]> {
  return (await listRuns(deps.db, limit)).map(toSyncRun);
}
