import type { Deps } from '../../deps.ts';
import { detailsFillIdle } from './queries/details.ts';
import { fillDetails, type FillOutcome } from './fill-details.ts';

/** The pg-boss job that fills in details the lists lacked (see fill-details.ts); it carries no data. */
export const SYNC_DETAILS_JOB = 'radiant-sync-details';

/** One job works this long at most, then queues its continuation (pg-boss expires jobs that run too long). */
const SLICE_MS = 2 * 60_000;
const MAX_SLEEP_MS = 60_000;

interface DetailsJobContext {
  /** Queues the job again, to start at `startAfter`. */
  resend(startAfter: Date): Promise<void>;
  /** The presence id of this worker process; null while it holds none. */
  worker?: number | null;
  log?(msg: string): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The radiant-sync-details job: fills details for about two minutes, then queues itself for when it can go on. */
export async function handleDetailsJob(deps: Pick<Deps, 'db' | 'clock' | 'swc'>, ctx: DetailsJobContext): Promise<FillOutcome> {
  const started = Date.now();
  const outcome = await fillDetails(deps, {
    sleep,
    maxSleepMs: MAX_SLEEP_MS,
    shouldStop: () => Date.now() - started > SLICE_MS,
    worker: ctx.worker,
    onRefused: (kind, uid, reason) => ctx.log?.(`details of ${kind} ${uid} not read: ${reason}`),
  });
  if (outcome.state === 'paused') await ctx.resend(outcome.resumeAt);
  return outcome;
}

/**
 * Starts the details fill when rows wait for details, no sync run is in progress and no live job
 * holds it: after a run ends, at the minute sweep (a killed job's work goes on) and when a worker
 * starts. A second job sent meanwhile finds the fill held and stops.
 */
export async function startDetailsFill(deps: Pick<Deps, 'db' | 'clock' | 'queue'>): Promise<{ started: boolean }> {
  if (!(await detailsFillIdle(deps.db, deps.clock.now()))) return { started: false };
  await deps.queue.send(SYNC_DETAILS_JOB, {});
  return { started: true };
}
