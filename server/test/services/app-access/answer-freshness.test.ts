import { describe, expect, it } from 'vitest';
import { answerFreshness, FRESH_JITTER, FRESH_MS, STALE_MS } from '../../../src/services/app-access/answer-freshness.ts';

const READ_AT = 1_000_000;
/** The shortest fresh period the jitter allows. */
const SHORTEST = FRESH_MS * (1 - FRESH_JITTER);

describe("a forward-auth answer's freshness", () => {
  it('is never trusted longer than 30 s fresh and 60 s in all, at either end of the jitter', () => {
    for (const random of [0, 0.5, 1 - Number.EPSILON]) {
      const { freshUntil, usableUntil } = answerFreshness(READ_AT, () => random);
      expect(freshUntil - READ_AT).toBeLessThanOrEqual(FRESH_MS);
      expect(freshUntil - READ_AT).toBeGreaterThanOrEqual(SHORTEST);
      expect(usableUntil - READ_AT).toBeLessThanOrEqual(FRESH_MS + STALE_MS);
      expect(usableUntil - freshUntil).toBe(STALE_MS);
    }
  });

  it('spreads answers read in the same instant over the jitter, so their reads again do not arrive together', () => {
    const fresh = Array.from({ length: 10_000 }, () => answerFreshness(READ_AT).freshUntil - READ_AT);
    expect(Math.max(...fresh)).toBeLessThanOrEqual(FRESH_MS);
    expect(Math.min(...fresh)).toBeGreaterThanOrEqual(SHORTEST);
    // Every second of the spread gets its share: none crowded, none empty.
    const seconds = Math.round((FRESH_MS - SHORTEST) / 1000);
    expect(seconds).toBeGreaterThanOrEqual(3);
    const share = fresh.length / seconds;
    const perSecond = new Array<number>(seconds).fill(0);
    for (const ms of fresh) perSecond[Math.min(seconds - 1, Math.floor((ms - SHORTEST) / 1000))]!++;
    for (const n of perSecond) expect(n).toBeGreaterThan(share * 0.6);
    for (const n of perSecond) expect(n).toBeLessThan(share * 1.5);
  });
});
