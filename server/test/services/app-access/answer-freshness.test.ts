import { describe, expect, it } from 'vitest';
import { answerFreshness, FRESH_MS, STALE_MS } from '../../../src/services/app-access/answer-freshness.ts';

const READ_AT = 1_000_000;

describe("a forward-auth answer's freshness", () => {
  it('is never trusted longer than 30 s fresh and 60 s in all, at either end of the jitter', () => {
    for (const random of [0, 0.5, 1 - Number.EPSILON]) {
      const { freshUntil, usableUntil } = answerFreshness(READ_AT, () => random);
      expect(freshUntil - READ_AT).toBeLessThanOrEqual(FRESH_MS);
      expect(freshUntil - READ_AT).toBeGreaterThanOrEqual(FRESH_MS / 2);
      expect(usableUntil - READ_AT).toBeLessThanOrEqual(FRESH_MS + STALE_MS);
      expect(usableUntil - freshUntil).toBe(STALE_MS);
    }
  });

  it('spreads answers read in the same instant over 15 s, so their reads again do not arrive together', () => {
    const fresh = Array.from({ length: 10_000 }, () => answerFreshness(READ_AT).freshUntil - READ_AT);
    expect(Math.max(...fresh)).toBeLessThanOrEqual(FRESH_MS);
    expect(Math.min(...fresh)).toBeGreaterThanOrEqual(FRESH_MS / 2);
    // Every second of the 15 s gets its share (about 667 each): none crowded, none empty.
    const perSecond = new Array<number>(15).fill(0);
    for (const ms of fresh) perSecond[Math.min(14, Math.floor((ms - FRESH_MS / 2) / 1000))]!++;
    for (const n of perSecond) expect(n).toBeGreaterThan(400);
    for (const n of perSecond) expect(n).toBeLessThan(1000);
  });
});
