import { type AdminUser, type AuditRow, type SessionRow } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';
import { selectList, type DbRow } from './columns.ts';

export type AdminUserRow = DbRow<AdminUser, 'created_at' | 'last_login_at'>;
/** The device is read from the user agent by the service, not stored. */
type AdminSessionRow = DbRow<Omit<SessionRow, 'device' | 'device_kind'>, 'expires_at'>;
type AdminAuditRow = DbRow<Omit<AuditRow, 'device' | 'device_kind'>, 'created_at' | 'expires_at'>;

const ADMIN_USER = selectList({
  id: 'u.id',
  uid: 'u.uid',
  name: 'u.name',
  image: 'u.image',
  race: 'u.race',
  faction: 'u.faction',
  created_at: 'u.created_at',
  last_login_at: 'u.last_login_at',
} satisfies Record<keyof AdminUser, string>);

const SESSION = selectList({
  app_key: 'a.key',
  sid: 's.sid',
  ip: 's.ip',
  user_agent: 's.user_agent',
  expires_at: 'LEAST(s.idle_expires_at, s.expires_at)',
} satisfies Record<keyof AdminSessionRow, string>);

// The actor is the admin who acted; a user's own events (sign-in, sign-out) record none.
const AUDIT = selectList({
  created_at: 'l.created_at',
  event: 'l.event',
  app_key: 'l.app_key',
  app_name: 'a.name',
  actor_name: 'COALESCE(actor.name, actor.uid)',
  details: 'l.details',
  ip: 'l.ip',
  user_agent: 'l.user_agent',
  expires_at: 'l.expires_at',
} satisfies Record<keyof AdminAuditRow, string>);

const MATCHES = 'u.name ILIKE $1 OR u.uid ILIKE $1';

/** A page of users matching `q` (name or UID, case-insensitive) and the total count. */
export async function searchUsers(
  db: DbClient,
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AdminUserRow[]; total: number }> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<AdminUserRow & { total: string }>(
    `SELECT ${ADMIN_USER}, count(*) OVER () AS total FROM users u
     WHERE $1::text IS NULL OR ${MATCHES}
     ORDER BY lower(u.name) NULLS FIRST, u.uid LIMIT $2 OFFSET $3`,
    [pattern, limit, offset],
  );
  if (rows.length === 0 && offset > 0) {
    const { rows: c } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM users u WHERE $1::text IS NULL OR ${MATCHES}`, [pattern]);
    return { rows: [], total: Number(c[0]!.n) };
  }
  return { rows: rows.map(({ total: _total, ...user }) => user), total: rows.length ? Number(rows[0]!.total) : 0 };
}

/** A player added ahead of their first sign-in: only the UID is known, the name comes with sign-in. */
export async function insertUserByUid(db: DbClient, uid: string): Promise<AdminUserRow | null> {
  const { rows } = await db.query<AdminUserRow>(
    `INSERT INTO users AS u (uid, name) VALUES ($1, NULL) ON CONFLICT (uid) DO NOTHING RETURNING ${ADMIN_USER}`,
    [uid],
  );
  return rows[0] ?? null;
}

export async function findAdminUser(db: DbClient, id: string): Promise<AdminUserRow | null> {
  const { rows } = await db.query<AdminUserRow>(`SELECT ${ADMIN_USER} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function userExists(db: DbClient, id: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

/** A page of rows, newest first, and how many there are in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * The rows of `sql` (counted with `count(*) OVER () AS total`, its last two parameters LIMIT and OFFSET);
 * a page past the end is counted by `countSql`, which takes the other parameters.
 */
export async function page<T extends object>(db: DbClient, sql: string, countSql: string, params: unknown[]): Promise<Page<T>> {
  const { rows } = await db.query<T & { total: string }>(sql, params);
  if (rows.length === 0 && Number(params.at(-1)) > 0) {
    const { rows: c } = await db.query<{ n: string }>(countSql, params.slice(0, -2));
    return { rows: [], total: Number(c[0]!.n) };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row as unknown as T), total: rows.length ? Number(rows[0]!.total) : 0 };
}

const LIVE = 's.user_id = $1 AND s.ended_at IS NULL AND s.expires_at > $2 AND s.idle_expires_at > $2';

/** The user's live sessions, newest first: `limit` of them (null: all) from `offset`. */
export function listLiveSessions(
  db: DbClient,
  userId: string,
  now: Date,
  limit: number | null,
  offset: number,
): Promise<Page<AdminSessionRow>> {
  return page<AdminSessionRow>(
    db,
    `SELECT ${SESSION}, count(*) OVER () AS total
     FROM sessions s LEFT JOIN apps a ON a.id = s.app_id
     WHERE ${LIVE}
     ORDER BY s.created_at DESC, s.sid LIMIT $3 OFFSET $4`,
    `SELECT count(*) AS n FROM sessions s WHERE ${LIVE}`,
    [userId, now, limit, offset],
  );
}

/** The user's audit entries, newest first: `limit` of them from `offset`. */
export function listAudit(db: DbClient, userId: string, limit: number, offset: number): Promise<Page<AdminAuditRow>> {
  return page<AdminAuditRow>(
    db,
    `SELECT ${AUDIT}, count(*) OVER () AS total FROM audit_log l
     LEFT JOIN apps a ON a.key = l.app_key
     LEFT JOIN users actor ON actor.id = l.actor_id
     WHERE l.user_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
    'SELECT count(*) AS n FROM audit_log l WHERE l.user_id = $1',
    [userId, limit, offset],
  );
}
