import type { DbClient } from '../../../db/pool.ts';
import type { BudgetRow } from '../../../domain/swc-budget.ts';

interface Row {
  request_limit: number;
  remaining: number;
  reset_at: Date;
}

const toBudgetRow = (r: Row): BudgetRow => ({ limit: r.request_limit, remaining: r.remaining, resetAt: r.reset_at });

/** Creates the single budget row with the whole limit free, unless a replica already did. */
export async function ensureBudgetRow(db: DbClient, limit: number, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO swc_budget (id, request_limit, remaining, reset_at, updated_at) VALUES (1, $1, $1, $2, $2)
     ON CONFLICT (id) DO NOTHING`,
    [limit, now],
  );
}

export async function readBudget(db: DbClient): Promise<BudgetRow | null> {
  const { rows } = await db.query<Row>('SELECT request_limit, remaining, reset_at FROM swc_budget WHERE id = 1');
  return rows[0] ? toBudgetRow(rows[0]) : null;
}

/**
 * Takes one request in one statement, so replicas never hand out the same request twice. A window
 * that has ended starts again with the whole limit (its end estimated `windowSeconds` ahead until
 * SWCombine answers). Answers false when taking would leave less than `keep` requests.
 */
export async function takeFromBudget(db: DbClient, a: { now: Date; keep: { count: number; percent: number }; windowSeconds: number }) {
  const { rowCount } = await db.query(
    `UPDATE swc_budget SET
       remaining = (CASE WHEN reset_at <= $1 THEN request_limit ELSE remaining END) - 1,
       reset_confirmed = reset_confirmed AND reset_at > $1,
       reset_at = CASE WHEN reset_at <= $1 THEN $1 + make_interval(secs => $2) ELSE reset_at END,
       updated_at = $1
     WHERE id = 1
       AND (CASE WHEN reset_at <= $1 THEN request_limit ELSE remaining END)
           > LEAST(request_limit, $3 + ceil(request_limit * $4 / 100.0)::int)`,
    [a.now, a.windowSeconds, a.keep.count, a.keep.percent],
  );
  return rowCount === 1;
}

/** Seconds of difference between two reset times that still name the same window. */
const SAME_WINDOW_SLACK_S = 5;

/**
 * Follows SWCombine's X-RateLimit-* answer. In the same window the lower count wins (requests still
 * in flight are already taken here); a later window replaces the count; an answer from an older
 * window than the one already confirmed is ignored.
 */
export async function observeBudget(db: DbClient, a: { limit: number; remaining: number; resetAt: Date; now: Date }): Promise<void> {
  await db.query(
    `UPDATE swc_budget SET
       request_limit = $1,
       remaining = CASE WHEN reset_confirmed AND $3 > reset_at + make_interval(secs => $5) THEN $2
                        ELSE LEAST(remaining, $2) END,
       reset_at = $3, reset_confirmed = true, updated_at = $4
     WHERE id = 1 AND NOT (reset_confirmed AND $3 < reset_at - make_interval(secs => $5))`,
    [a.limit, a.remaining, a.resetAt, a.now, SAME_WINDOW_SLACK_S],
  );
}

/** SWCombine refused a request for being over its limit: nothing is left until `resetAt` (or the known reset). */
export async function exhaustBudget(db: DbClient, a: { resetAt: Date | null; fallbackResetAt: Date; now: Date }): Promise<Date> {
  const { rows } = await db.query<{ reset_at: Date }>(
    `UPDATE swc_budget SET remaining = 0,
       reset_at = COALESCE($1::timestamptz, CASE WHEN reset_at > $3 THEN reset_at ELSE $2 END),
       reset_confirmed = $1::timestamptz IS NOT NULL OR reset_confirmed, updated_at = $3
     WHERE id = 1 RETURNING reset_at`,
    [a.resetAt, a.fallbackResetAt, a.now],
  );
  return rows[0]?.reset_at ?? a.resetAt ?? a.fallbackResetAt;
}
