/** Rows of a kind waiting for details since the run that wanted them (see fill-details.ts). */
export interface WantedGroup {
  kind: string;
  wantedAt: Date;
  rows: number;
}

/** The galaxy members a system's details place without a call of their own. */
const PLACED_BY_SYSTEMS = new Set(['planets', 'stations']);

/**
 * The detail calls the fill makes before the last row of each kind has its details, in the fill's
 * order (the most recent run first, then `kindOrder`). A planet or station costs no call while
 * systems still wait: the system's details will most likely place it.
 */
export function callsUntilFilled(groups: readonly WantedGroup[], kindOrder: readonly string[]): Map<string, number> {
  const rank = (kind: string) => kindOrder.indexOf(kind);
  const sorted = [...groups].sort((a, b) => b.wantedAt.getTime() - a.wantedAt.getTime() || rank(a.kind) - rank(b.kind));
  const systemsWait = groups.some((g) => g.kind === 'systems' && g.rows > 0);
  const done = new Map<string, number>();
  let calls = 0;
  for (const group of sorted) {
    if (!(systemsWait && PLACED_BY_SYSTEMS.has(group.kind))) calls += group.rows;
    done.set(group.kind, calls);
  }
  return done;
}

/** What background work may spend: the budget as every replica sees it, and its window. */
export interface BackgroundBudget {
  limit: number;
  remaining: number;
  /** Requests kept for sign-ins. */
  reserve: number;
  /** When the current window ends; null when none runs (the whole limit is free). */
  resetAt: Date | null;
  windowSeconds: number;
}

/** About how long one detail call and the write after it take, when the budget is not what holds it up. */
const SECONDS_PER_CALL = 0.5;

/**
 * When `calls` background requests will have been made at this budget: what the current window
 * leaves above the reserve now, then the background share of each window after it. Null when
 * background work gets nothing (the reserve takes the whole limit).
 */
export function filledAt(calls: number, budget: BackgroundBudget, now: Date): Date | null {
  const perWindow = budget.limit - budget.reserve;
  if (perWindow <= 0) return null;
  const availableNow = budget.resetAt ? Math.max(0, budget.remaining - budget.reserve) : perWindow;
  let seconds: number;
  if (calls <= availableNow) seconds = calls * SECONDS_PER_CALL;
  else {
    const toReset = budget.resetAt ? Math.max(0, (budget.resetAt.getTime() - now.getTime()) / 1000) : budget.windowSeconds;
    const windows = Math.ceil((calls - availableNow) / perWindow);
    const inLast = calls - availableNow - (windows - 1) * perWindow;
    seconds = toReset + (windows - 1) * budget.windowSeconds + inLast * SECONDS_PER_CALL;
  }
  return new Date(now.getTime() + Math.ceil(seconds) * 1000);
}
