/** Work gathered by key and done together a moment later (see `createBatcher`). */
export interface Batcher<T> {
  /** `max` items wait: `add` would refuse. */
  readonly full: boolean;
  /** Adds `item` under `key` (once per key); false when `max` items already wait, and nothing is added. */
  add(key: string, item: T): boolean;
}

/**
 * Gathers items for `delayMs`, then hands them to `run` together; one batch runs at a time, and
 * what arrives meanwhile waits for the next. `run` handles its own failures: what it rejects with is dropped.
 */
export function createBatcher<T>(run: (items: T[]) => Promise<void>, { delayMs, max }: { delayMs: number; max: number }): Batcher<T> {
  let waiting = new Map<string, T>();
  let scheduled = false;
  let running = false;
  const schedule = () => {
    if (scheduled || running || waiting.size === 0) return;
    scheduled = true;
    setTimeout(flush, delayMs).unref();
  };
  const flush = () => {
    scheduled = false;
    running = true;
    const items = [...waiting.values()];
    waiting = new Map();
    run(items)
      .catch(() => undefined)
      .finally(() => {
        running = false;
        schedule();
      });
  };
  return {
    get full() {
      return waiting.size >= max;
    },
    add(key, item) {
      if (waiting.has(key)) return true;
      if (waiting.size >= max) return false;
      waiting.set(key, item);
      schedule();
      return true;
    },
  };
}
