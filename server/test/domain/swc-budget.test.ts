import { describe, expect, it } from 'vitest';
import { budgetView, reserveOf } from '../../src/domain/swc-budget.ts';
import { untilPhrase, utcClock } from '../../src/lib/relative-time.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('request budget rules', () => {
  it('sizes the reserve from a count, a share of the limit, and never beyond the limit', () => {
    expect(reserveOf(600, { count: 0, percent: 10 })).toBe(60);
    expect(reserveOf(5, { count: 0, percent: 10 })).toBe(1);
    expect(reserveOf(600, { count: 60, percent: 0 })).toBe(60);
    expect(reserveOf(40, { count: 60, percent: 0 })).toBe(40);
  });

  it('frees the whole limit once the window has ended', () => {
    const row = { limit: 600, remaining: 3, resetAt: new Date('2026-11-22T12:30:00Z') };
    expect(budgetView(row, now, { count: 0, percent: 10 })).toEqual({
      limit: 600,
      remaining: 3,
      reserve: 60,
      rosterReserve: 0,
      resetAt: row.resetAt,
    });
    expect(budgetView(row, new Date('2026-11-22T12:30:00Z'), { count: 0, percent: 10 })).toMatchObject({ remaining: 600, resetAt: null });
  });
});

describe('when it works again', () => {
  it.each([
    ['2026-11-22T12:00:30Z', 'in less than a minute'],
    ['2026-11-22T12:12:00Z', 'in about 12 minutes'],
    ['2026-11-22T13:00:00Z', 'in about 1 hour'],
    ['2026-11-22T14:05:00Z', 'in about 2 hours 5 minutes'],
  ])('%s reads %s', (at, phrase) => {
    expect(untilPhrase(new Date(at), now)).toBe(phrase);
  });

  it('prints the UTC time', () => {
    expect(utcClock(new Date('2026-11-22T14:05:59Z'))).toBe('14:05 UTC');
  });
});
