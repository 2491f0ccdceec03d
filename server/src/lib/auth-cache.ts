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
}

const MAX_ENTRIES = 50_000;

export function createAuthCache<T>(publish: () => Promise<void> = async () => undefined): AuthCache<T> {
  const entries = new Map<string, { value: T; until: number }>();
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
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { value, until });
    },
    flush() {
      entries.clear();
      return publish();
    },
    clearLocal() {
      entries.clear();
    },
  };
}
