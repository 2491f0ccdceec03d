import type { Deps } from '../../deps.ts';
import { startDetailsFill } from './details-job.ts';
import type { SyncRunJob } from './runs.ts';
import { runSync, type SyncOutcome } from './run-sync.ts';

/** One job works this long at most, then hands the run to a new job (pg-boss expires jobs that run too long). */
const SLICE_MS = 2 * 60_000;
/** Budget waits up to this long are slept through inside the job; longer ones re-schedule it. */
const MAX_SLEEP_MS = 60_000;

interface SyncJobContext {
  /** Queues the job again, to start at `startAfter`. */
  resend(data: SyncRunJob, startAfter: Date): Promise<void>;
  /** The presence id of this worker process (see worker-presence.ts); null while it holds none. */
  worker?: number | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The radiant-sync job: runs its sync run from the checkpoints while it holds the run's lease. A
 * paused run is queued again for when the budget allows; an unexpected failure is thrown for
 * pg-boss to retry (the run counts it, and ends failed after five in a row); a job that finds
 * another one working the run stops quietly.
 */
export async function handleSyncJob(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'encryptor' | 'config' | 'queue'>,
  data: SyncRunJob,
  ctx: SyncJobContext,
): Promise<SyncOutcome> {
  const started = Date.now();
  const outcome = await runSync(deps, data.runId, {
    sleep,
    maxSleepMs: MAX_SLEEP_MS,
    shouldStop: () => Date.now() - started > SLICE_MS,
    worker: ctx.worker,
  });
  if (outcome.state === 'paused') await ctx.resend(data, outcome.resumeAt);
  // The details its lists lacked are read now, unless another run is under way (it starts them when it ends).
  if (outcome.state === 'finished') await startDetailsFill(deps);
  return outcome;
}
