import type { DbClient } from '../../db/pool.ts';
import type { BudgetReserve } from '../../domain/swc-budget.ts';
import type { Clock } from '../../lib/clock.ts';
import { ensureBudgetRow, exhaustBudget, observeBudget, readBudget, takeFromBudget } from '../../queries/swc-budget.ts';
import { SwcBudgetExhausted, type SwcCallClass } from './client.ts';

/** What SWCombine's X-RateLimit-* headers said about the current window. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** The deployment's one SWCombine request budget, shared by every replica through PostgreSQL. */
export interface SwcBudget {
  /** Takes one request before a call goes out, or throws SwcBudgetExhausted. */
  take(callClass: SwcCallClass): Promise<void>;
  /** Follows what an answer's headers said. */
  observe(state: RateLimitState): Promise<void>;
  /** SWCombine refused a call for being over its limit: nothing is left until the reset; answers the retry time. */
  exhaust(resetAt: Date | null): Promise<Date>;
}

export interface SwcBudgetOptions {
  db: DbClient;
  clock: Clock;
  /** Kept for interactive calls: background calls stop when only this much is left. */
  reserve: BudgetReserve;
  /** The limit assumed until SWCombine first answers (its default is 600). */
  assumedLimit: number;
  /** The window length assumed when a new window starts before SWCombine has said when it ends. */
  windowSeconds: number;
}

const NO_RESERVE: BudgetReserve = { count: 0, percent: 0 };
/** When an over-limit answer names no reset time. */
const FALLBACK_WAIT_MS = 60_000;

export function createSwcBudget(opts: SwcBudgetOptions): SwcBudget {
  let ready: Promise<void> | null = null;
  const ensure = () => {
    ready ??= ensureBudgetRow(opts.db, opts.assumedLimit, opts.clock.now()).catch((err: unknown) => {
      ready = null;
      throw err;
    });
    return ready;
  };

  return {
    async take(callClass) {
      await ensure();
      const now = opts.clock.now();
      const keep = callClass === 'background' ? opts.reserve : NO_RESERVE;
      if (await takeFromBudget(opts.db, { now, keep, windowSeconds: opts.windowSeconds })) return;
      const row = await readBudget(opts.db);
      const retryAt =
        row && row.resetAt > now ? row.resetAt : new Date(now.getTime() + Math.max(opts.windowSeconds * 1000, FALLBACK_WAIT_MS));
      throw new SwcBudgetExhausted(retryAt, callClass);
    },

    async observe(state) {
      await ensure();
      await observeBudget(opts.db, { ...state, now: opts.clock.now() });
    },

    async exhaust(resetAt) {
      await ensure();
      const now = opts.clock.now();
      return exhaustBudget(opts.db, { resetAt, fallbackResetAt: new Date(now.getTime() + FALLBACK_WAIT_MS), now });
    },
  };
}
