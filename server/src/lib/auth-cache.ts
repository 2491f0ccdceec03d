/**
 * Forward-auth answers kept for a few seconds per (session, app). Any change to who may do what
 * flushes it here and, through `publish`, on every other replica, so a suspension, a revocation or
 * an ended session takes effect on the next check.
 */
export interface AuthCache<T = unknown> {
  get(key: string, now: number): T | undefined;
  set(key: string, value: T, until: number): void;
  /**
   * Drops every entry here and tells the other replicas to do the same; resolves once the message
   * is out, so a change answered to an admin is already on its way to every replica.
   */
  flush(): Promise<void>;
  /** Drops every entry here only (a flush announced by another replica). */
  clearLocal(): void;
  /** Calls `listener` whenever this cache is cleared: other answers that rest on the same facts go with it. */
  onClear(listener: () => void): void;
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
export function createAuthCache<T>(publish: () => Promise<void> = async () => undefined, maxEntries = MAX_ENTRIES): AuthCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
  const listeners: (() => void)[] = [];
  const clear = () => {
    entries.clear();
    for (const listener of listeners) listener();
  };
  return {
    get(key, now) {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until <= now) {
        entries.delete(key);
        return undefined;
      }
      return hit.value;
    },
    set(key, value, until) {
      entries.delete(key); // a rewrite counts as the newest
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until });
    },
    flush() {
      clear();
      return publish();
    },
    clearLocal: clear,
    onClear(listener) {
      listeners.push(listener);
    },
    get size() {
      return entries.size;
    },
  };
}
