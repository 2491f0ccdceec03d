/** A forward-auth answer is read again at most this long after it was read (facts a sync changes are not flushed). */
export const FRESH_MS = 30_000;
/** A stale answer may still be given this long while it is read again, never longer. */
export const STALE_MS = 30_000;
/**
 * Each answer's fresh period is cut by up to this share, at random: answers read in the same burst (a cold
 * start, a wave of sign-ins) turn stale over 3 s instead of in the same second. A wider spread (half, 15 s)
 * was measured to halve forward auth's throughput on the bench (bench/README.md), so the spread is narrow.
 */
export const FRESH_JITTER = 0.1;

/**
 * Until when an answer read at `now` is fresh, and until when it may be given at all: never later
 * than FRESH_MS and FRESH_MS + STALE_MS after it was read. `random` in [0, 1).
 */
export function answerFreshness(now: number, random: () => number = Math.random): { freshUntil: number; usableUntil: number } {
  const freshUntil = now + Math.round(FRESH_MS * (1 - FRESH_JITTER * random()));
  return { freshUntil, usableUntil: freshUntil + STALE_MS };
}
