import type { Deps } from '../../deps.ts';
import type { RadiantSyncJob } from './index.ts';
import { failRun, runSync, type SyncOutcome } from './run-sync.ts';

/** One job works this long at most, then hands the run to a new job (pg-boss expires jobs that run too long). */
const SLICE_MS = 2 * 60_000;
/** Budget waits up to this long are slept through inside the job; longer ones re-schedule it. */
const MAX_SLEEP_MS = 60_000;

export interface SyncJobContext {
  /** pg-boss's count of earlier failed tries of this job, and how many it allows. */
  retryCount: number;
  retryLimit: number;
  /** Queues the job again, to start at `startAfter`. */
  resend(data: RadiantSyncJob, startAfter: Date): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The radiant-sync job: runs its sync run from the checkpoints. A paused run is queued again for
 * when the budget allows; an unexpected failure is retried by pg-boss, and ends the run failed
 * once the tries are used up, so its target is not blocked forever.
 */
export async function handleSyncJob(deps: Deps, data: RadiantSyncJob, ctx: SyncJobContext): Promise<SyncOutcome> {
  const started = Date.now();
  try {
    const outcome = await runSync(deps, data.runId, { sleep, maxSleepMs: MAX_SLEEP_MS, shouldStop: () => Date.now() - started > SLICE_MS });
    if (outcome.state === 'paused') await ctx.resend(data, outcome.resumeAt);
    return outcome;
  } catch (err) {
    if (ctx.retryCount >= ctx.retryLimit) await failRun(deps, data.runId, (err as Error).message);
    throw err;
  }
}
