import { describe, expect, it } from 'vitest';
import { createAuthCache, MAX_ENTRIES } from '../../src/lib/auth-cache.ts';

describe('the cache of answers kept for a few seconds', () => {
  it('at its cap drops only the oldest answer, so the other live sessions stay cached', () => {
    const cache = createAuthCache<number>();
    for (let i = 0; i <= MAX_ENTRIES; i++) cache.set(`session-${i}`, i, 1000);
    expect(cache.size).toBe(MAX_ENTRIES);
    expect(cache.get('session-0', 0)).toBeUndefined();
    expect(cache.get('session-1', 0)).toBe(1);
    expect(cache.get(`session-${MAX_ENTRIES}`, 0)).toBe(MAX_ENTRIES);
  });

  it('an answer is not served once its time is up', () => {
    const cache = createAuthCache<string>();
    cache.set('s', 'admitted', 1000);
    expect(cache.get('s', 999)).toBe('admitted');
    expect(cache.get('s', 1000)).toBeUndefined();
  });

  it('gives a stale answer while one caller reads it again, and not past its usable time', () => {
    const cache = createAuthCache<string>();
    cache.set('s', 'admitted', 1000, 2000);
    expect(cache.claimRefresh('s', 999)).toBe(false); // still fresh
    expect(cache.get('s', 1500)).toBe('admitted');
    expect(cache.claimRefresh('s', 1500)).toBe(true);
    expect(cache.claimRefresh('s', 1501)).toBe(false); // one read again at a time
    expect(cache.get('s', 1999)).toBe('admitted');
    expect(cache.get('s', 2000)).toBeUndefined();
  });

  it('an answer set without a usable time ends when it turns stale', () => {
    const cache = createAuthCache<string>();
    cache.set('s', 'admitted', 1000);
    expect(cache.get('s', 1000)).toBeUndefined();
    expect(cache.claimRefresh('s', 1000)).toBe(false);
  });

  it('keeps no answer read before a clear: a read that began before an end may have seen what it ended', async () => {
    const cache = createAuthCache<string>();
    const readIn = cache.generation;
    cache.clear();
    cache.setIfCurrent(readIn, 'k', 'admitted', 10_000);
    expect(cache.get('k', 0)).toBeUndefined();
    cache.setIfCurrent(cache.generation, 'k', 'admitted', 10_000);
    expect(cache.get('k', 0)).toBe('admitted');
  });
});
