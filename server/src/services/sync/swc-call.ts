import type { Clock } from '../../lib/clock.ts';
import {
  SwcApiError,
  SwcBudgetExhausted,
  SwcUpstreamError,
  type SwcClient,
  type SwcWsRequest,
} from '../../integrations/swcombine/client.ts';

/** How a sync spends and waits for SWCombine requests. */
export interface CallPolicy {
  swc: SwcClient;
  clock: Clock;
  /** Waits (the job sleeps; tests move their clock). */
  sleep(ms: number): Promise<void>;
  /** The longest wait for the budget done by sleeping; a longer one pauses the run until then. */
  maxSleepMs: number;
  /**
   * Told when the run starts waiting for the budget until `until` (sleeping, or paused when longer
   * than maxSleepMs) or stops (null: going on). May end the run's wait by throwing.
   */
  onWait(until: Date | null): Promise<void>;
}

/** The run must wait longer than it may sleep: the job hands itself over to run again at `resumeAt`. */
export class SyncPaused extends Error {
  readonly resumeAt: Date;
  constructor(resumeAt: Date) {
    super(`The sync waits for the SWCombine request budget until ${resumeAt.toISOString()}.`);
    this.resumeAt = resumeAt;
  }
}

/** SWCombine refused or kept failing: the target cannot finish; the message says why and what to do. */
export class SyncTargetFailed extends Error {
  /** SWCombine's HTTP status when it refused the call. */
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** The target cannot run yet (it needs something the admin has not set up): the run goes on without it. */
export class SyncTargetSkipped extends Error {}

/** Tries of one call when SWCombine fails or cannot be reached (each try spends a request from the budget). */
const TRIES = 4;
const FIRST_BACKOFF_MS = 1_000;

const isRetryable = (err: unknown) =>
  err instanceof SwcUpstreamError && (!(err instanceof SwcApiError) || err.status >= 500 || err.status === 429);

/**
 * One web-service call as background work: when the budget is used up it waits until the budget's
 * retry time (never polling), and a failing SWCombine is tried again with a growing pause.
 */
export async function callInBudget<T>(policy: CallPolicy, request: Omit<SwcWsRequest<T>, 'callClass'>): Promise<T> {
  for (let failures = 0; ;) {
    try {
      const answer = await policy.swc.webService({ ...request, callClass: 'background' });
      return answer;
    } catch (err) {
      if (err instanceof SwcBudgetExhausted) {
        await waitForBudget(policy, err.retryAt);
        continue;
      }
      if (isRetryable(err) && ++failures < TRIES) {
        await policy.sleep(FIRST_BACKOFF_MS * 2 ** (failures - 1));
        continue;
      }
      if (err instanceof SwcApiError) throw new SyncTargetFailed(err.message, err.status);
      if (err instanceof SwcUpstreamError) {
        throw new SyncTargetFailed(`${err.message} (tried ${TRIES} times). Start the sync again when SWCombine answers.`);
      }
      throw err;
    }
  }
}

async function waitForBudget(policy: CallPolicy, retryAt: Date): Promise<void> {
  const ms = retryAt.getTime() - policy.clock.now().getTime();
  await policy.onWait(retryAt);
  if (ms > policy.maxSleepMs) throw new SyncPaused(retryAt);
  // A retry time already past still yields once, so two replicas cannot spin against each other.
  await policy.sleep(Math.max(ms, 50));
  await policy.onWait(null);
}
