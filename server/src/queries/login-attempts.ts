import type { DbClient } from '../db/pool.ts';
import type { AttemptPurpose } from '../domain/attempt-purpose.ts';

export type AttemptPayload = Record<string, unknown>;

export interface LoginAttempt {
  purpose: AttemptPurpose;
  payload: AttemptPayload;
  app_id: string;
  rd: string;
}

export async function insertLoginAttempt(
  db: DbClient,
  a: {
    stateHash: Buffer;
    purpose: AttemptPurpose;
    payload: AttemptPayload;
    appId: string;
    rd: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO login_attempts (state_hash, purpose, payload, app_id, rd, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [a.stateHash, a.purpose, JSON.stringify(a.payload), a.appId, a.rd, a.now, a.expiresAt],
  );
}

/** Deletes and returns the attempt: a state is good for one callback only. */
export async function consumeLoginAttempt(db: DbClient, stateHash: Buffer, now: Date): Promise<LoginAttempt | null> {
  const { rows } = await db.query<LoginAttempt & { expires_at: Date }>(
    'DELETE FROM login_attempts WHERE state_hash = $1 RETURNING purpose, payload, app_id, rd, expires_at',
    [stateHash],
  );
  const row = rows[0];
  if (!row || row.expires_at <= now) return null;
  return { purpose: row.purpose, payload: row.payload, app_id: row.app_id, rd: row.rd };
}

export async function deleteExpiredLoginAttempts(db: DbClient, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM login_attempts WHERE expires_at <= $1', [now]);
  return rowCount ?? 0;
}
