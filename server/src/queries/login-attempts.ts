import type { DbClient } from '../db/pool.ts';

export async function insertLoginAttempt(
  db: DbClient,
  a: { stateHash: Buffer; appId: string; rd: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO login_attempts (state_hash, app_id, rd, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    a.stateHash,
    a.appId,
    a.rd,
    a.now,
    a.expiresAt,
  ]);
}

/** Deletes and returns the attempt: a state is good for one callback only. */
export async function consumeLoginAttempt(db: DbClient, stateHash: Buffer, now: Date): Promise<{ app_id: string; rd: string } | null> {
  const { rows } = await db.query<{ app_id: string; rd: string; expires_at: Date }>(
    'DELETE FROM login_attempts WHERE state_hash = $1 RETURNING app_id, rd, expires_at',
    [stateHash],
  );
  const row = rows[0];
  return row && row.expires_at > now ? row : null;
}

export async function deleteExpiredLoginAttempts(db: DbClient, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM login_attempts WHERE expires_at <= $1', [now]);
  return rowCount ?? 0;
}
