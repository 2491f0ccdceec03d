import type { Deps } from '../../deps.ts';
import { budgetView, type BudgetView } from '../../domain/swc-budget.ts';
import { readBudget } from '../../queries/swc-budget.ts';

/** The SWCombine request budget as every replica sees it: limit, what is left, the interactive reserve and the reset. */
export async function budgetStatus(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<BudgetView> {
  const { assumedLimit, reserve } = deps.config.swc.budget;
  const now = deps.clock.now();
  const row = (await readBudget(deps.db)) ?? { limit: assumedLimit, remaining: assumedLimit, resetAt: now };
  return budgetView(row, now, reserve);
}
