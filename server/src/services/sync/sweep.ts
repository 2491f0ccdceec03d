import type { Deps } from '../../deps.ts';
import { reserveStalledRuns } from './queries/leases.ts';
import { SYNC_RUN_JOB, type SyncRunJob } from './runs.ts';
import { LEASE_MS } from './lease.ts';

/**
 * Hands every queued or running run whose lease has run out (its call hangs, or its pg-boss job was
 * lost) or whose worker process is dead (killed: its presence lock is gone) to a new job, which
 * resumes it from its checkpoints. Run by the worker at start and every minute. Answers how many
 * runs were handed over.
 */
export async function requeueStalledRuns(deps: Pick<Deps, 'db' | 'clock' | 'queue'>): Promise<{ requeued: number }> {
  const now = deps.clock.now();
  const ids = await reserveStalledRuns(deps.db, now, new Date(now.getTime() + LEASE_MS));
  // A send that fails leaves the run reserved for a minute: the next sweep tries again.
  for (const runId of ids) await deps.queue.send(SYNC_RUN_JOB, { runId } satisfies SyncRunJob);
  return { requeued: ids.length };
}
