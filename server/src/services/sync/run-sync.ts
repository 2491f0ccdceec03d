import type { SyncProgress, SyncTarget } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { findRun, finishRun, markRunning, setProgress } from '../../queries/sync-runs.ts';
import { targetSummary } from './message.ts';
import { runTarget, type TargetRun } from './run-target.ts';
import { SyncPaused, SyncTargetFailed, type CallPolicy } from './swc-call.ts';
import { ALL_ORDER } from './targets.ts';

export interface SyncRunOptions {
  sleep(ms: number): Promise<void>;
  /** Budget waits up to this long are slept through; longer ones pause the run (see SyncOutcome). */
  maxSleepMs: number;
  /** Asked before each page: true pauses the run at its checkpoint (the job's time slice is over). */
  shouldStop(): boolean;
}

export type SyncOutcome =
  | { state: 'finished'; status: 'completed' | 'failed'; message: string }
  /** Stopped at a checkpoint: run it again at `resumeAt`. */
  | { state: 'paused'; resumeAt: Date }
  /** No such run, or it had already ended. */
  | { state: 'ended' };

/** A target whose failure does not stop `all`: only it needs something the admin has not set up. */
const independent = (target: SyncTarget) => target === 'inventory';

/**
 * Runs (or resumes) a sync run: each of its targets in order, every page from the checkpoints;
 * ends it completed or failed with a message naming each target's counts, or pauses it.
 */
export async function runSync(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'encryptor'>,
  runId: string,
  opts: SyncRunOptions,
): Promise<SyncOutcome> {
  const run = await findRun(deps.db, runId);
  if (!run || !(await markRunning(deps.db, runId, deps.clock.now()))) return { state: 'ended' };
  let current: SyncProgress = run.progress;
  const policy: CallPolicy = {
    swc: deps.swc,
    clock: deps.clock,
    sleep: opts.sleep,
    maxSleepMs: opts.maxSleepMs,
    async onWait(until) {
      const { waitingUntil: _, ...rest } = current;
      current = until ? { ...rest, waitingUntil: until.toISOString() } : rest;
      await setProgress(deps.db, runId, current);
    },
  };
  const targets = run.target === 'all' ? ALL_ORDER : [run.target];
  const lines: string[] = [];
  let failed = false;
  for (const [i, target] of targets.entries()) {
    const step = run.target === 'all' ? { step: i + 1, steps: targets.length } : null;
    const part: TargetRun = { deps, policy, runId, shouldStop: opts.shouldStop, step, remember: (p) => void (current = p) };
    current = { target, ...step };
    await setProgress(deps.db, runId, current);
    try {
      const result = await runTarget(part, target);
      lines.push(targetSummary(target, result.counts, result.note));
    } catch (err) {
      if (err instanceof SyncPaused) {
        if (err.resumeAt > deps.clock.now()) await policy.onWait(err.resumeAt);
        return { state: 'paused', resumeAt: err.resumeAt };
      }
      if (!(err instanceof SyncTargetFailed)) throw err;
      failed = true;
      lines.push(targets.length === 1 ? err.message : `${target} failed: ${err.message}`);
      if (!independent(target)) {
        if (i + 1 < targets.length) lines.push(`not read: ${targets.slice(i + 1).join(', ')}`);
        break;
      }
    }
  }
  const status = failed ? 'failed' : 'completed';
  const message = lines.join('; ');
  await finishRun(deps.db, runId, status, message, deps.clock.now());
  return { state: 'finished', status, message };
}

/** Ends a run the job could not finish (its tries are used up) with what went wrong and what to do. */
export async function failRun(deps: Pick<Deps, 'db' | 'clock'>, runId: string, reason: string): Promise<void> {
  await finishRun(
    deps.db,
    runId,
    'failed',
    `The sync stopped: ${reason}. Start it again; it reads everything once more.`,
    deps.clock.now(),
  );
}
