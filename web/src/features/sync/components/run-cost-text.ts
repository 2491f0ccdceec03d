import type { SyncRunCost } from '@portal/contract';
import { roughly } from './time-left.ts';

const count = new Intl.NumberFormat('en-US');
const until = (at: string, now: Date) => roughly(Date.parse(at) - now.getTime());

/**
 * What a run will spend, in the words the confirmation shows: "About 225 requests now, then about 3,150
 * in the background, done in about 6 h at your budget." Lists never read are only known once read.
 */
export function runCostSentence(cost: SyncRunCost, now: Date = new Date()): string {
  const lists = count.format(cost.listRequests);
  if (cost.unknownLists > 0) {
    // The first step is all that is known; saying only it made a run that took 540 requests look like 18.
    const never = cost.unknownLists === 1 ? 'one of them never has been' : `${count.format(cost.unknownLists)} of them never have been`;
    return (
      `The whole run's cost is known only once its lists are read: ${never}. It starts with ${lists} ` +
      `${cost.listRequests === 1 ? 'request' : 'requests'} (a page a list), then reads every page and every row’s details at up ` +
      `to ${count.format(cost.backgroundPerHour)} requests an hour until done: a first run takes hours.`
    );
  }
  if (!cost.doneAt || !cost.listsDoneAt) {
    return `About ${lists} requests now, but the reserves for sign-ins and roster reads leave background work no requests: lower SWC_BUDGET_RESERVE or SWC_ROSTER_RESERVE first.`;
  }
  if (cost.detailRequests === 0) {
    return `About ${lists} requests now, done in ${until(cost.listsDoneAt, now)} at your budget; no details wait for the background.`;
  }
  return (
    `About ${lists} requests now, then about ${count.format(cost.detailRequests)} in the background, ` +
    `done in ${until(cost.doneAt, now)} at your budget.`
  );
}

/** The budget behind the figures: "Your budget leaves background work 540 requests an hour; …". */
export const budgetSentence = (cost: SyncRunCost): string =>
  `Your budget leaves background work ${count.format(cost.backgroundPerHour)} requests an hour; sign-ins and roster reads keep the rest, and a run pauses while it is low.`;

/** "inventory is skipped: it needs a SWCombine binding: connect one on SWC Integration (…)." */
export const skippedSentences = (cost: SyncRunCost): string[] => cost.skipped.map((s) => `${s.target} is skipped: it ${s.reason}.`);
