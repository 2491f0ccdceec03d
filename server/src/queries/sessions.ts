import type { DbClient } from '../db/pool.ts';
import { portalRolesColumn } from './access-facts.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

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
  /** When the player last signed in at SWCombine in this session (null: only with a passkey). */
  swc_signed_in_at: Date | null;
  /** When a passkey was last used in this session, and the RFC 8176 methods it showed. */
  passkey_used_at: Date | null;
  passkey_amr: string[];
}

/** How a new session was proven: a SWCombine sign-in, or a passkey with its RFC 8176 methods. */
export type SessionProof = { kind: 'swc' } | { kind: 'passkey'; amr: string[] };

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
    proof: SessionProof;
  },
): Promise<SessionRow> {
  const amr = s.proof.kind === 'passkey' ? s.proof.amr : null;
  const { rows } = await db.query<SessionRow>(
    `INSERT INTO sessions (sid, token_hash, user_id, app_id, ip, user_agent, created_at, last_seen_at, idle_expires_at, expires_at,
                           swc_signed_in_at, passkey_used_at, passkey_amr)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12)
     RETURNING ${SESSION_COLUMNS}`,
    [
      s.sid,
      s.tokenHash,
      s.userId,
      s.appId,
      s.ip,
      s.userAgent,
      s.now,
      s.idleExpiresAt,
      s.expiresAt,
      amr ? null : s.now,
      amr ? s.now : null,
      amr ?? [],
    ],
  );
  return rows[0]!;
}

const SESSION_COLUMNS =
  'id, sid, user_id, app_id, ip, user_agent, created_at, last_seen_at, idle_expires_at, expires_at, ended_at, swc_signed_in_at, passkey_used_at, passkey_amr';

/** A passkey was used in this session just now (a confirmation): recorded with the methods it showed. */
export async function recordPasskeyUse(db: DbClient, sessionId: string, now: Date, amr: string[]): Promise<void> {
  await db.query('UPDATE sessions SET passkey_used_at = $2, passkey_amr = $3 WHERE id = $1', [sessionId, now, amr]);
}

export async function findSessionByTokenHash(db: DbClient, tokenHash: Buffer): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS}
     FROM sessions WHERE token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/**
 * The session whose token hash is `tokenHash` as `session`, its user as `user` and the user's central roles on
 * the portal named `portalKey` as `portal_roles` (SQL expressions): read alone, or beside other records.
 */
export const sessionWithUserSelect = (tokenHash: string, portalKey: string) => `SELECT row_to_json(s) AS session, row_to_json(u) AS user,
       ${portalRolesColumn('s.user_id', portalKey)} AS portal_roles
     FROM (SELECT ${SESSION_COLUMNS} FROM sessions WHERE token_hash = ${tokenHash}) s
     LEFT JOIN (SELECT ${USER_COLUMNS} FROM users) u ON u.id = s.user_id`;

// Built once: it is sent on every signed-in request.
const SESSION_WITH_USER = sessionWithUserSelect('$1', '$2');

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow | null;
  portalRoles: string[];
}

/** What sessionWithUserSelect read (its dates as JSON text), as rows of their own; null when there was no session. */
export function sessionWithUserOf(
  row: { session: SessionRow | null; user: UserRow | null; portal_roles: string[] | null } | undefined,
): SessionWithUser | null {
  if (!row?.session) return null;
  const dates = ['created_at', 'last_seen_at', 'idle_expires_at', 'expires_at', 'ended_at', 'swc_signed_in_at', 'passkey_used_at'] as const;
  const session = { ...row.session };
  for (const column of dates)
    if (session[column]) (session as Record<string, unknown>)[column] = new Date(session[column] as unknown as string);
  return { session, user: row.user, portalRoles: row.portal_roles ?? [] };
}

/**
 * The session with this token hash, its user and the user's central roles on the portal, in one
 * round trip: every signed-in request starts here. Null when there is no such session.
 */
export async function findSessionWithUser(db: DbClient, tokenHash: Buffer, portalKey: string): Promise<SessionWithUser | null> {
  // Named: read on every request a browser makes, it is planned once per connection.
  const { rows } = await db.query<{ session: SessionRow; user: UserRow | null; portal_roles: string[] }>({
    name: 'portal-session',
    text: SESSION_WITH_USER,
    values: [tokenHash, portalKey],
  });
  return sessionWithUserOf(rows[0]);
}

export async function touchSession(db: DbClient, id: string, now: Date, idleExpiresAt: Date): Promise<void> {
  await touchSessions(db, [id], now, idleExpiresAt);
}

/**
 * The same for several sessions seen at once, in one statement. A session another transaction holds is left
 * as it is (its next check extends it): the statement waits for no lock, so it cannot deadlock with one that
 * takes the same sessions in another order (an end of access, another replica's batch).
 */
export async function touchSessions(db: DbClient, ids: string[], now: Date, idleExpiresAt: Date): Promise<void> {
  await db.query(
    `UPDATE sessions SET last_seen_at = $2, idle_expires_at = LEAST($3, expires_at)
     WHERE id IN (SELECT id FROM sessions WHERE id = ANY($1::uuid[]) FOR UPDATE SKIP LOCKED)`,
    [ids, now, idleExpiresAt],
  );
}

/** A session that was ended: what ending access needs of it. */
export interface EndedSessionRow {
  id: string;
  sid: string;
  expires_at: Date;
}

/**
 * Ends the user's sessions that have not ended: all of them, or those with these public SIDs;
 * with `liveAt`, only those still live then (not expired). Answers the ended ones.
 */
export async function endUserSessions(
  db: DbClient,
  userId: string,
  now: Date,
  only: { sids?: readonly string[]; liveAt?: Date } = {},
): Promise<EndedSessionRow[]> {
  const { rows } = await db.query<EndedSessionRow>(
    `UPDATE sessions SET ended_at = $2
     WHERE user_id = $1 AND ended_at IS NULL
       AND ($3::text[] IS NULL OR sid = ANY($3))
       AND ($4::timestamptz IS NULL OR (expires_at > $4 AND idle_expires_at > $4))
     RETURNING id, sid, expires_at`,
    [userId, now, only.sids ?? null, only.liveAt ?? null],
  );
  return rows;
}

/** Deletes sessions that ended, or expired (idle or absolute), before `cutoff`; answers how many. */
export async function deleteSessionsFinishedBefore(db: DbClient, cutoff: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM sessions WHERE ended_at < $1 OR expires_at < $1 OR idle_expires_at < $1', [cutoff]);
  return rowCount ?? 0;
}
