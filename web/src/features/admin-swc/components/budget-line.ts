import type { SwcBindingStatus } from '@portal/contract';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 'SWCombine requests left this hour: 540 of 600, resets at 20:00' (local time); no reset when no window runs. */
export function budgetLine(budget: SwcBindingStatus['budget']): string {
  const left = `SWCombine requests left this hour: ${budget.remaining} of ${budget.limit}`;
  return budget.resetAt ? `${left}, resets at ${clock.format(new Date(budget.resetAt))}` : left;
}
