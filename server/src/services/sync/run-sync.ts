import type { SyncProgress, SyncTarget } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { handOverLease, holdLease, releaseAfterFailure, renewWhileWaiting, takeLease } from './queries/leases.ts';
import { findRun, finishRun, type SyncRunRow } from './queries/runs.ts';
import { LeaseLost, newLease, type RunLease } from './lease.ts';
import { targetSummary } from './message.ts';
import { auditRunFailed } from './run-failed.ts';
import { runTarget, type TargetRun } from './run-target.ts';
import { SyncPaused, SyncTargetFailed, SyncTargetSkipped, type CallPolicy } from './swc-call.ts';
import { ALL_ORDER } from './targets.ts';

export interface SyncRunOptions {
  sleep(ms: number): Promise<void>;
  /** Budget waits up to this long are slept through; longer ones pause the run (see SyncOutcome). */
  maxSleepMs: number;
  /** Asked before each page: true pauses the run at its checkpoint (the job's time slice is over). */
  shouldStop(): boolean;
  /** The presence id of the worker process running the job: once it dies, the sweep resumes the run at once. */
  worker?: number | null;
}

export type SyncOutcome =
  | { state: 'finished'; status: 'completed' | 'failed'; message: string }
  /** Stopped at a checkpoint: run it again at `resumeAt`. */
  | { state: 'paused'; resumeAt: Date }
  /** No such run, or it had already ended. */
  | { state: 'ended' }
  /** Another job holds the run, or took it over while this one hung: this one stopped without storing more. */
  | { state: 'superseded' };

type SyncDeps = Pick<Deps, 'db' | 'clock' | 'swc' | 'encryptor' | 'config'>;

/** Unexpected failures in a row (no page stored between them) after which the run ends failed. */
const MAX_FAILURES = 5;
/** Budget windows a run may wait without getting a single request before it ends failed. */
const STARVED_WINDOWS = 3;

/** A target whose failure does not stop `all`: it is read last, with the binding's token, and nothing depends on it. */
const independent = (target: SyncTarget) => target === 'inventory';

/**
 * Runs (or resumes) a sync run as one job execution: takes the run's lease (or stops at once when
 * another job holds it), then works it (see workRun). An unexpected failure gives the lease up
 * for a retry and is thrown; after MAX_FAILURES in a row the run ends failed.
 */
export async function runSync(deps: SyncDeps, runId: string, opts: SyncRunOptions): Promise<SyncOutcome> {
  const run = await findRun(deps.db, runId);
  if (!run || run.status === 'completed' || run.status === 'failed') return { state: 'ended' };
  const lease = newLease(runId, deps.clock, opts.worker ?? null);
  if (!(await takeLease(deps.db, lease.terms(), deps.clock.now()))) return { state: 'superseded' };
  try {
    return await workRun(deps, run, lease, opts);
  } catch (err) {
    if (err instanceof LeaseLost) return { state: 'superseded' };
    // The database may be what failed: then the lease simply runs out.
    const failures = await releaseAfterFailure(deps.db, lease, deps.clock.now()).catch(() => 0);
    if (failures >= MAX_FAILURES) await failRun(deps, run, (err as Error).message);
    throw err;
  }
}

/** Ends the wait of a run that got no request in STARVED_WINDOWS windows of the budget. */
function refuseStarvation(deps: SyncDeps, starvedSince: Date, now: Date): void {
  const windowMs = deps.config.swc.budget.windowSeconds * 1000;
  if (now.getTime() - starvedSince.getTime() <= STARVED_WINDOWS * windowMs) return;
  throw new SyncTargetFailed(
    `The sync got no SWCombine request in ${STARVED_WINDOWS} windows of the request budget: the reserve for sign-ins ` +
      `(SWC_BUDGET_RESERVE) leaves no room for background work. Lower it, then start the sync again.`,
  );
}

/**
 * Each of the run's targets in order, every page from the checkpoints; ends the run completed or
 * failed with a message naming each target's counts, or pauses it and hands its lease over.
 */
async function workRun(deps: SyncDeps, run: SyncRunRow, lease: RunLease, opts: SyncRunOptions): Promise<SyncOutcome> {
  let current: SyncProgress = run.progress;
  const policy: CallPolicy = {
    swc: deps.swc,
    clock: deps.clock,
    sleep: opts.sleep,
    maxSleepMs: opts.maxSleepMs,
    async onWait(until) {
      const { waitingUntil: _, ...rest } = current;
      current = until ? { ...rest, waitingUntil: until.toISOString() } : rest;
      const now = deps.clock.now();
      // The lease lasts over the wait, so the sweep leaves a sleeping or paused run alone.
      const waited = await renewWhileWaiting(deps.db, lease.terms(until ?? now), current, until ? now : null);
      if (!waited) throw new LeaseLost();
      if (until && waited.starvedSince) refuseStarvation(deps, waited.starvedSince, now);
    },
  };
  const targets = run.target === 'all' ? ALL_ORDER : [run.target];
  const lines: string[] = [];
  let failed = false;
  for (const [i, target] of targets.entries()) {
    const step = run.target === 'all' ? { step: i + 1, steps: targets.length } : null;
    const part: TargetRun = {
      deps,
      policy,
      runId: run.id,
      wantedAt: run.createdAt,
      lease,
      shouldStop: opts.shouldStop,
      step,
      remember: (p) => void (current = p),
    };
    current = { target, ...step };
    if (!(await holdLease(deps.db, lease.terms(), current))) throw new LeaseLost();
    try {
      const result = await runTarget(part, target);
      lines.push(targetSummary(target, result.counts, result.note));
    } catch (err) {
      if (err instanceof SyncPaused) {
        // Kept for the job that continues the run, until a little after it is due.
        const from = err.resumeAt > deps.clock.now() ? err.resumeAt : deps.clock.now();
        await handOverLease(deps.db, lease.terms(from));
        return { state: 'paused', resumeAt: err.resumeAt };
      }
      if (err instanceof SyncTargetSkipped) {
        // It cannot run yet; the run completes with what it could do and says why and how to fix it.
        lines.push(`${target} skipped: ${err.message}`);
        continue;
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
  if (!(await finishRun(deps.db, run.id, status, message, deps.clock.now(), lease.holder))) throw new LeaseLost();
  if (failed) await auditRunFailed(deps, run, message);
  return { state: 'finished', status, message };
}

/** Ends a run that keeps failing unexpectedly with what went wrong and what to do. */
async function failRun(deps: Pick<Deps, 'db' | 'clock'>, run: SyncRunRow, reason: string): Promise<void> {
  const message = `The sync stopped: ${reason}. Start it again; it reads everything once more.`;
  if (await finishRun(deps.db, run.id, 'failed', message, deps.clock.now())) await auditRunFailed(deps, run, message);
}
