import type { DbClient } from '../../../db/pool.ts';

export interface ForwardingRow {
  url: string;
  secret_enc: string;
  delivered_id: string;
  delivered_at: Date | null;
  failures: number;
  last_error: string | null;
  last_failed_at: Date | null;
  updated_at: Date;
}

const COLUMNS = 'url, secret_enc, delivered_id::text AS delivered_id, delivered_at, failures, last_error, last_failed_at, updated_at';

export async function findForwarding(db: DbClient): Promise<ForwardingRow | null> {
  const { rows } = await db.query<ForwardingRow>(`SELECT ${COLUMNS} FROM audit_forwarding`);
  return rows[0] ?? null;
}

/**
 * Sets the webhook. A new URL starts after `fromId` (the newest event now) with a clean slate; the same
 * URL with a new secret keeps its cursor, so nothing is sent twice or skipped.
 */
export async function upsertForwarding(
  db: DbClient,
  v: { url: string; secretEnc: string; fromId: string; now: Date; by: string },
): Promise<ForwardingRow> {
  const { rows } = await db.query<ForwardingRow>(
    `INSERT INTO audit_forwarding (id, url, secret_enc, delivered_id, updated_at, updated_by)
     VALUES (true, $1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET
       url = excluded.url, secret_enc = excluded.secret_enc, updated_at = excluded.updated_at, updated_by = excluded.updated_by,
       delivered_id = CASE WHEN audit_forwarding.url = excluded.url THEN audit_forwarding.delivered_id ELSE excluded.delivered_id END,
       delivered_at = CASE WHEN audit_forwarding.url = excluded.url THEN audit_forwarding.delivered_at END,
       failures = 0, last_error = NULL, last_failed_at = NULL
     RETURNING ${COLUMNS}`,
    [v.url, v.secretEnc, v.fromId, v.now, v.by],
  );
  return rows[0]!;
}

export async function deleteForwarding(db: DbClient): Promise<ForwardingRow | null> {
  const { rows } = await db.query<ForwardingRow>(`DELETE FROM audit_forwarding RETURNING ${COLUMNS}`);
  return rows[0] ?? null;
}

/** Takes the delivery lease when no other worker holds it; answers the webhook to deliver to, or null. */
export async function takeForwardingLease(db: DbClient, holder: string, now: Date, until: Date): Promise<ForwardingRow | null> {
  const { rows } = await db.query<ForwardingRow>(
    `UPDATE audit_forwarding SET lease_holder = $1, lease_until = $3
     WHERE lease_until IS NULL OR lease_until <= $2 OR lease_holder = $1
     RETURNING ${COLUMNS}`,
    [holder, now, until],
  );
  return rows[0] ?? null;
}

export async function releaseForwardingLease(db: DbClient, holder: string): Promise<void> {
  await db.query('UPDATE audit_forwarding SET lease_holder = NULL, lease_until = NULL WHERE lease_holder = $1', [holder]);
}

/**
 * Moves the cursor past a delivered event, only from where this delivery started and while this worker holds
 * the lease for the same URL: false when the webhook was changed or removed meanwhile (stop delivering).
 */
export async function markDelivered(
  db: DbClient,
  v: { holder: string; url: string; fromId: string; toId: string; now: Date; leaseUntil: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE audit_forwarding SET delivered_id = $4, delivered_at = $5, failures = 0, last_error = NULL, lease_until = $6
     WHERE lease_holder = $1 AND url = $2 AND delivered_id = $3`,
    [v.holder, v.url, v.fromId, v.toId, v.now, v.leaseUntil],
  );
  return rowCount === 1;
}

export async function markForwardingFailed(db: DbClient, v: { holder: string; url: string; reason: string; now: Date }): Promise<void> {
  await db.query(
    `UPDATE audit_forwarding SET failures = failures + 1, last_error = $3, last_failed_at = $4
     WHERE lease_holder = $1 AND url = $2`,
    [v.holder, v.url, v.reason, v.now],
  );
}
