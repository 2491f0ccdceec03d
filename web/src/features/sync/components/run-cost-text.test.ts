import type { SyncRunCost } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { runCostSentence } from './run-cost-text.ts';

const now = new Date('2026-11-22T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const cost = (overrides: Partial<SyncRunCost>): SyncRunCost => ({
  target: 'all',
  listRequests: 220,
  unknownLists: 0,
  detailRequests: 3150,
  listsDoneAt: at(2),
  doneAt: at(361),
  backgroundPerHour: 540,
  skipped: [],
  ...overrides,
});

describe('what the confirmation says `all` will cost', () => {
  it('names the requests now, those in the background and when all is done', () => {
    expect(runCostSentence(cost({}), now)).toBe(
      'About 220 requests now, then about 3,150 in the background, done in about 6 h at your budget.',
    );
  });

  it('says when nothing waits for the background', () => {
    expect(runCostSentence(cost({ detailRequests: 0, doneAt: at(2) }), now)).toBe(
      'About 220 requests now, done in about 2 min at your budget; no details wait for the background.',
    );
  });

  it('says what to change when the reserve leaves background work nothing', () => {
    expect(runCostSentence(cost({ listsDoneAt: null, doneAt: null }), now)).toBe(
      'About 220 requests now, but the reserves for sign-ins and roster reads leave background work no requests: lower SWC_BUDGET_RESERVE or SWC_ROSTER_RESERVE first.',
    );
  });

  it('says the whole run is known only once read while a list has never been read, and the rate it goes at', () => {
    expect(runCostSentence(cost({ listRequests: 41, unknownLists: 1 }), now)).toMatch(
      /^The whole run's cost is known only once its lists are read: one of them never has been\. It starts with 41 requests \(a page a list\), then reads every page and every row’s details at up to [\d,]+ requests an hour until done/,
    );
  });
});
