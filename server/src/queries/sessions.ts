import type { DbClient } from '../db/pool.ts';

export interface SessionRow {
  id: string;
  sid: string;
  user_id: string;
  app_id: string | null;
  ip: string | null;
  user_agent: string | null;
  /** When the player signed in: the auth_time of what the session signs in to. */
  created_at: Date;
  last_seen_at: Date;
  idle_expires_at: Date;
  expires_at: Date;
  ended_at: Date | null;
}

export async function insertSession(
  db: DbClient,
  s: {
    sid: string;
    tokenHash: Buffer;
    userId: string;
    appId: string;
    ip: string;
    userAgent: string | null;
    now: Date;
    idleExpiresAt: Date;
    expiresAt: Date;
  },
): Promise<SessionRow> {
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO sessions (sid, token_hash, user_id, app_id, ip, user_agent, created_at, last_seen_at, idle_expires_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9)
     RETURNING id, sid, user_id, app_id, ip, user_agent, created_at, last_seen_at, idle_expires_at, expires_at, ended_at`,
    [s.sid, s.tokenHash, s.userId, s.appId, s.ip, s.userAgent, s.now, s.idleExpiresAt, s.expiresAt],
  );
  return rows[0]!;
}

export async function findSessionByTokenHash(db: DbClient, tokenHash: Buffer): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    `SELECT id, sid, user_id, app_id, ip, user_agent, created_at, last_seen_at, idle_expires_at, expires_at, ended_at
     FROM sessions WHERE token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function touchSession(db: DbClient, id: string, now: Date, idleExpiresAt: Date): Promise<void> {
  await db.query('UPDATE sessions SET last_seen_at = $2, idle_expires_at = LEAST($3, expires_at) WHERE id = $1', [id, now, idleExpiresAt]);
}

/** Ends every live session of a user; answers the ended ones. */
export async function endUserSessions(db: DbClient, userId: string, now: Date): Promise<{ id: string; sid: string; expires_at: Date }[]> {
  const { rows } = await db.query<{ id: string; sid: string; expires_at: Date }>(
    'UPDATE sessions SET ended_at = $2 WHERE user_id = $1 AND ended_at IS NULL RETURNING id, sid, expires_at',
    [userId, now],
  );
  return rows;
}

/** Deletes sessions that ended, or expired (idle or absolute), before `cutoff`; answers how many. */
export async function deleteSessionsFinishedBefore(db: DbClient, cutoff: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM sessions WHERE ended_at < $1 OR expires_at < $1 OR idle_expires_at < $1', [cutoff]);
  return rowCount ?? 0;
}
