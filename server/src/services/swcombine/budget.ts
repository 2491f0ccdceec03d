import type { DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { addReserves, budgetView, NO_RESERVE, type BudgetReserve, type BudgetView } from '../../domain/swc-budget.ts';
import type { SwcBudget } from '../../integrations/swcombine/budget.ts';
import { SwcBudgetExhausted } from '../../integrations/swcombine/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { ensureBudgetRow, exhaustBudget, observeBudget, readBudget, takeFromBudget } from './queries/budget.ts';

/** The SWCombine request budget as every replica sees it: limit, what is left, the interactive reserve and the reset. */
export async function budgetStatus(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<BudgetView> {
  const { assumedLimit, reserve, rosterReserve } = deps.config.swc.budget;
  const now = deps.clock.now();
  const row = (await readBudget(deps.db)) ?? { limit: assumedLimit, remaining: assumedLimit, resetAt: now };
  return budgetView(row, now, reserve, rosterReserve);
}

interface SwcBudgetOptions {
  db: DbClient;
  clock: Clock;
  /** Kept for interactive calls: roster reads and background calls stop when only this much is left. */
  reserve: BudgetReserve;
  /** Kept above `reserve` for roster reads: the data sync stops when only both are left. */
  rosterReserve?: BudgetReserve;
  /** The limit assumed until SWCombine first answers (its default is 600). */
  assumedLimit: number;
  /** The window length assumed when a new window starts before SWCombine has said when it ends. */
  windowSeconds: number;
}

/** When an over-limit answer names no reset time. */
const FALLBACK_WAIT_MS = 60_000;

/** The deployment's one SWCombine request budget, shared by every replica through PostgreSQL. */
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
      const keep =
        callClass === 'background'
          ? addReserves(opts.reserve, opts.rosterReserve ?? NO_RESERVE)
          : callClass === 'roster'
            ? opts.reserve
            : NO_RESERVE;
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
