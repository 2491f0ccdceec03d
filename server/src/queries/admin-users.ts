import type { DbClient } from '../db/pool.ts';

export interface AdminUserRow {
  id: string;
  uid: string;
  name: string;
  image: string | null;
  race: string | null;
  faction: string | null;
  created_at: Date;
  last_login_at: Date | null;
}

const COLUMNS = 'id, uid, name, image, race, faction, created_at, last_login_at';

/** A page of users matching `q` (name or UID, case-insensitive) and the total count. */
export async function searchUsers(
  db: DbClient,
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<AdminUserRow & { total: string }>(
    `SELECT ${COLUMNS}, count(*) OVER () AS total FROM users
     WHERE $1::text IS NULL OR name ILIKE $1 OR uid ILIKE $1
     ORDER BY lower(name), uid LIMIT $2 OFFSET $3`,
    [pattern, limit, offset],
  );
  if (rows.length === 0 && offset > 0) {
    const { rows: c } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM users WHERE $1::text IS NULL OR name ILIKE $1 OR uid ILIKE $1`,
      [pattern],
    );
    return { rows: [], total: Number(c[0]!.n) };
  }
  return { rows, total: rows.length ? Number(rows[0]!.total) : 0 };
}

export async function insertUserByUid(db: DbClient, uid: string): Promise<AdminUserRow | null> {
  const { rows } = await db.query<AdminUserRow>(`INSERT INTO users (uid) VALUES ($1) ON CONFLICT (uid) DO NOTHING RETURNING ${COLUMNS}`, [
    uid,
  ]);
  return rows[0] ?? null;
}

export async function userExists(db: DbClient, id: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

export async function listUserAccess(
  db: DbClient,
  userId: string,
): Promise<{ app_name: string; app_key: string; status: string | null }[]> {
  const { rows } = await db.query<{ app_name: string; app_key: string; status: string | null }>(
    `SELECT a.name AS app_name, a.key AS app_key, x.status FROM apps a
     LEFT JOIN user_app_access x ON x.app_id = a.id AND x.user_id = $1
     WHERE a.key <> 'portal' ORDER BY lower(a.name), a.key`,
    [userId],
  );
  return rows;
}

export async function listLiveSessions(db: DbClient, userId: string, now: Date) {
  const { rows } = await db.query<{ app_key: string | null; sid: string; ip: string | null; user_agent: string | null; expires_at: Date }>(
    `SELECT a.key AS app_key, s.sid, s.ip, s.user_agent, LEAST(s.idle_expires_at, s.expires_at) AS expires_at
     FROM sessions s LEFT JOIN apps a ON a.id = s.app_id
     WHERE s.user_id = $1 AND s.ended_at IS NULL AND s.expires_at > $2 AND s.idle_expires_at > $2
     ORDER BY s.created_at DESC`,
    [userId, now],
  );
  return rows;
}

export async function listAudit(db: DbClient, userId: string, limit: number) {
  const { rows } = await db.query<{
    created_at: Date;
    event: string;
    app_key: string | null;
    ip: string | null;
    user_agent: string | null;
    expires_at: Date | null;
  }>(
    `SELECT created_at, event, app_key, ip, user_agent, expires_at FROM audit_log
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

/** Ends one live session of the user by its public SID; answers the ended session or null. */
export async function endSessionBySid(db: DbClient, userId: string, sid: string, now: Date) {
  const { rows } = await db.query<{ id: string; app_id: string | null; expires_at: Date }>(
    'UPDATE sessions SET ended_at = $3 WHERE user_id = $1 AND sid = $2 AND ended_at IS NULL RETURNING id, app_id, expires_at',
    [userId, sid, now],
  );
  return rows[0] ?? null;
}
