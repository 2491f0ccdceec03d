import type { SwcCallClass } from './client.ts';

/** What SWCombine's X-RateLimit-* headers said about the current window. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** The deployment's one SWCombine request budget (services/swcombine/budget.ts keeps it in PostgreSQL, for every replica). */
export interface SwcBudget {
  /** Takes one request before a call goes out, or throws SwcBudgetExhausted. */
  take(callClass: SwcCallClass): Promise<void>;
  /** Follows what an answer's headers said. */
  observe(state: RateLimitState): Promise<void>;
  /** SWCombine refused a call for being over its limit: nothing is left until the reset; answers the retry time. */
  exhaust(resetAt: Date | null): Promise<Date>;
}
