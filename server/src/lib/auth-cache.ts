/**
 * Answers kept for a few seconds per key (forward auth's per session and app, userinfo's per token).
 * Its owner clears it whenever access changes (lib/access-changed.ts), so a suspension, a revocation
 * or an ended session takes effect on the next check.
 */
export interface AuthCache<T = unknown> {
  /** The answer while it may still be given: fresh, or stale but within its usable time. */
  get(key: string, now: number): T | undefined;
  /**
   * `until`: fresh until then. `usableUntil` (later): a stale answer may still be given while one
   * read replaces it (see `claimRefresh`); without it the answer ends at `until`.
   */
  set(key: string, value: T, until: number, usableUntil?: number): void;
  /**
   * Counts the clears. A read that began before a clear may have seen what the clear ended: it
   * keeps its answer only through `setIfCurrent` with the generation it began in.
   */
  readonly generation: number;
  /** `set`, unless the cache was cleared since `generation` (the answer was read before a change). */
  setIfCurrent(generation: number, key: string, value: T, until: number, usableUntil?: number): void;
  /**
   * True once for a stale answer: the caller is to read it again, and meanwhile `get` keeps giving
   * it, so answers do not wait on the database each time an answer turns stale.
   */
  claimRefresh(key: string, now: number): boolean;
  /** Drops one answer here (a read again found it refused or failed). */
  delete(key: string): void;
  /** Drops every entry, and counts a generation. */
  clear(): void;
  /** Entries held now (expired ones included until they are looked up or pushed out). */
  readonly size: number;
}

/** About 1 kB each (mostly the JWT): the cap bounds the cache near 50 MB however many sessions there are. */
export const MAX_ENTRIES = 50_000;

/**
 * At the cap the oldest entry goes: entries live seconds, so the oldest written is also (nearly)
 * the least recently useful, and dropping one at a time never empties the cache at once (which
 * would send every live session to the database in the same second).
 */
export function createAuthCache<T>(maxEntries = MAX_ENTRIES): AuthCache<T> {
  const entries = new Map<string, { value: T; until: number; usableUntil: number; refreshing: boolean }>();
  let generation = 0;
  return {
    get(key, now) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.usableUntil <= now) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key, value, until, usableUntil = until) {
      entries.delete(key); // a rewrite counts as the newest
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until, usableUntil: Math.max(until, usableUntil), refreshing: false });
    },
    get generation() {
      return generation;
    },
    setIfCurrent(readIn, key, value, until, usableUntil) {
      if (readIn === generation) this.set(key, value, until, usableUntil);
    },
    claimRefresh(key, now) {
      const hit = entries.get(key);
      if (!hit || hit.until > now || hit.refreshing) return false;
      hit.refreshing = true;
      return true;
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
