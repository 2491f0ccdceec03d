import type { DbClient } from '../../../db/pool.ts';
import { page, type Page } from '../../../queries/admin-users.ts';

/** A live session of the player's, as their account lists it. */
interface OwnSessionRow {
  sid: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
}

const LIVE = 'user_id = $1 AND ended_at IS NULL AND expires_at > $2 AND idle_expires_at > $2';

/** The player's live sessions, the one used last first. */
export async function listOwnSessions(db: DbClient, userId: string, now: Date): Promise<OwnSessionRow[]> {
  const { rows } = await db.query<OwnSessionRow>(
    `SELECT sid, ip, user_agent, created_at, last_seen_at FROM sessions WHERE ${LIVE} ORDER BY last_seen_at DESC, created_at DESC, sid`,
    [userId, now],
  );
  return rows;
}

/** One live session of the player's by its SID; null when it is not theirs, not live or not there. */
export async function findOwnSession(db: DbClient, userId: string, sid: string, now: Date): Promise<OwnSessionRow | null> {
  const { rows } = await db.query<OwnSessionRow>(
    `SELECT sid, ip, user_agent, created_at, last_seen_at FROM sessions WHERE ${LIVE} AND sid = $3`,
    [userId, now, sid],
  );
  return rows[0] ?? null;
}

/** An OpenID Connect grant the player holds on an app, with what the app did with it. */
export interface OwnGrantRow {
  app_id: string;
  key: string;
  name: string;
  icon: string | null;
  /** The grant as the protocol library stores it (`openid.scope`, `resources`). */
  payload: { openid?: { scope?: string }; resources?: Record<string, string>; iat?: number };
  /** When a token was last issued under it (the latest `iat` of its codes and tokens); null when none is left. */
  last_used_at: Date | null;
  /** A refresh token not yet used is on record: the app can act while the player is away. */
  offline: boolean;
}

/** The live grants the player (by UID) holds on registered apps, by app name; an app's newest grant first. */
export async function listOwnGrants(db: DbClient, uid: string, now: Date): Promise<OwnGrantRow[]> {
  const { rows } = await db.query<OwnGrantRow>(
    `SELECT a.id AS app_id, a.key, a.name, a.icon, g.payload,
       (SELECT to_timestamp(max((t.payload->>'iat')::bigint)) FROM oidc_payloads t
        WHERE t.grant_id = g.id AND t.model IN ('AuthorizationCode', 'AccessToken', 'RefreshToken')) AS last_used_at,
       EXISTS (SELECT 1 FROM oidc_payloads t
               WHERE t.grant_id = g.id AND t.model = 'RefreshToken' AND t.consumed_at IS NULL
                 AND (t.expires_at IS NULL OR t.expires_at > $2)) AS offline
     FROM oidc_payloads g JOIN apps a ON a.key = g.client_id
     WHERE g.model = 'Grant' AND g.account_id = $1 AND (g.expires_at IS NULL OR g.expires_at > $2)
     ORDER BY lower(a.name), a.key, (g.payload->>'iat')::bigint DESC, g.id`,
    [uid, now],
  );
  return rows;
}

/** When the player's SWCombine token was last handed to each app (token exchange), by app key. */
export async function lastTokenExchanges(db: DbClient, userId: string): Promise<Map<string, Date>> {
  const { rows } = await db.query<{ app_key: string; at: Date }>(
    `SELECT app_key, max(created_at) AS at FROM audit_log
     WHERE user_id = $1 AND event = 'swc_token_exchanged' AND app_key IS NOT NULL GROUP BY app_key`,
    [userId],
  );
  return new Map(rows.map((r) => [r.app_key, r.at]));
}

/** One of the player's own audit rows. */
export interface OwnEventRow {
  created_at: Date;
  event: string;
  app_key: string | null;
  app_name: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  /** An admin other than the player did it. */
  by_admin: boolean;
}

const OWN_EVENT = `l.created_at, l.event, l.app_key, a.name AS app_name, l.details, l.ip, l.user_agent,
  (l.actor_id IS NOT NULL AND l.actor_id <> l.user_id) AS by_admin`;

/** The player's own events but these, newest first: `limit` from `offset`. */
export function listOwnEvents(
  db: DbClient,
  userId: string,
  except: readonly string[],
  limit: number,
  offset: number,
): Promise<Page<OwnEventRow>> {
  return page<OwnEventRow>(
    db,
    `SELECT ${OWN_EVENT}, count(*) OVER () AS total FROM audit_log l LEFT JOIN apps a ON a.key = l.app_key
     WHERE l.user_id = $1 AND l.event <> ALL($2) ORDER BY l.created_at DESC, l.id DESC LIMIT $3 OFFSET $4`,
    'SELECT count(*) AS n FROM audit_log l WHERE l.user_id = $1 AND l.event <> ALL($2)',
    [userId, except, limit, offset],
  );
}

/** The player's events of these kinds since they last dismissed the notices (all, if never), newest first. */
export async function listUnseenEvents(db: DbClient, userId: string, events: readonly string[], limit: number): Promise<OwnEventRow[]> {
  const { rows } = await db.query<OwnEventRow>(
    `SELECT ${OWN_EVENT} FROM audit_log l LEFT JOIN apps a ON a.key = l.app_key
     WHERE l.user_id = $1 AND l.event = ANY($2)
       AND l.created_at > COALESCE((SELECT notices_seen_at FROM users WHERE id = $1), '-infinity')
     ORDER BY l.created_at DESC, l.id DESC LIMIT $3`,
    [userId, events, limit],
  );
  return rows;
}

/** The player has seen the notices up to `until` (never later than `now`, never back in time). */
export async function markNoticesSeen(db: DbClient, userId: string, until: Date, now: Date): Promise<void> {
  await db.query(
    `UPDATE users SET notices_seen_at = GREATEST(COALESCE(notices_seen_at, '-infinity'), LEAST($2::timestamptz, $3::timestamptz))
     WHERE id = $1`,
    [userId, until, now],
  );
}
