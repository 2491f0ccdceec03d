/** What background work must leave untouched: a fixed number of requests plus a share of the limit. */
export interface BudgetReserve {
  count: number;
  percent: number;
}

export const NO_RESERVE: BudgetReserve = { count: 0, percent: 0 };

/** What the data sync leaves untouched: the sign-ins' reserve and the rosters' share above it. */
export const syncKeeps = (view: Pick<BudgetView, 'reserve' | 'rosterReserve'>): number => view.reserve + view.rosterReserve;

/** `60` (requests) or `10%` (of the limit); null for anything else. */
export function parseReserve(text: string): BudgetReserve | null {
  const match = /^(\d{1,6})(%?)$/.exec(text.trim());
  if (!match) return null;
  const n = Number(match[1]);
  if (match[2]) return n <= 100 ? { count: 0, percent: n } : null;
  return { count: n, percent: 0 };
}

/** Two reserves kept together (the sign-ins' and the rosters', which the data sync leaves alone). */
export const addReserves = (a: BudgetReserve, b: BudgetReserve): BudgetReserve => ({
  count: a.count + b.count,
  percent: a.percent + b.percent,
});

/** Requests kept for interactive work out of `limit`; never more than the limit itself. */
export const reserveOf = (limit: number, reserve: BudgetReserve): number =>
  Math.min(limit, reserve.count + Math.ceil((limit * reserve.percent) / 100));

export interface BudgetRow {
  limit: number;
  remaining: number;
  resetAt: Date;
}

export interface BudgetView {
  limit: number;
  remaining: number;
  /** Requests only interactive work (sign-in, consents, bindings) may take. */
  reserve: number;
  /** Requests above `reserve` that the data sync leaves to roster reads: rosters end access, so they come before bulk data. */
  rosterReserve: number;
  /** When SWCombine's current window ends; null when no window is running (the whole limit is free). */
  resetAt: Date | null;
}

/** The budget as it stands at `now`: a window that has ended leaves the whole limit free. */
export function budgetView(row: BudgetRow, now: Date, reserve: BudgetReserve, rosterReserve: BudgetReserve = NO_RESERVE): BudgetView {
  const ended = row.resetAt.getTime() <= now.getTime();
  const kept = reserveOf(row.limit, reserve);
  return {
    limit: row.limit,
    remaining: ended ? row.limit : row.remaining,
    reserve: kept,
    rosterReserve: reserveOf(row.limit, addReserves(reserve, rosterReserve)) - kept,
    resetAt: ended ? null : row.resetAt,
  };
}
