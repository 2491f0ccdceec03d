import type { DbClient } from '../db/pool.ts';

export async function recordSessionApp(db: DbClient, sessionId: string, appId: string): Promise<void> {
  await recordSessionApps(db, [{ sessionId, appId }]);
}

/**
 * The same for several (session, app) pairs, in one statement, in one order everywhere: two replicas recording
 * the same pairs then wait for each other at most, never each for the other.
 */
export async function recordSessionApps(db: DbClient, uses: { sessionId: string; appId: string }[]): Promise<void> {
  await db.query(
    `INSERT INTO session_apps (session_id, app_id)
     SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS u(session_id, app_id) ORDER BY 1, 2 ON CONFLICT DO NOTHING`,
    [uses.map((u) => u.sessionId), uses.map((u) => u.appId)],
  );
}

/** The app signed in through OpenID Connect: its logout token is addressed to its client_id. */
export async function recordOidcSessionApp(db: DbClient, sessionId: string, appId: string): Promise<void> {
  await db.query(
    'INSERT INTO session_apps (session_id, app_id, via_oidc) VALUES ($1, $2, true) ON CONFLICT (session_id, app_id) DO UPDATE SET via_oidc = true WHERE NOT session_apps.via_oidc',
    [sessionId, appId],
  );
}

/** A session's use of an app, with what the app registered for being told of a logout. */
export interface AppUseRow {
  session_id: string;
  sid: string;
  user_id: string;
  app_id: string;
  key: string;
  audience: string;
  frontchannel_logout_url: string | null;
  backchannel_logout_url: string | null;
  /** Signed in through OpenID Connect: the logout token is addressed to the client_id. */
  via_oidc: boolean;
}

const APP_USE = `u.session_id, u.sid, u.user_id, a.id AS app_id, a.key, a.audience, a.frontchannel_logout_url,
  a.backchannel_logout_url, u.via_oidc`;

/** The apps these sessions were used with, that registered a logout URL. */
export async function appsUsedBySessions(db: DbClient, sessionIds: readonly string[]): Promise<AppUseRow[]> {
  const { rows } = await db.query<AppUseRow>(
    `SELECT ${APP_USE}
     FROM (SELECT sa.session_id, sa.app_id, sa.via_oidc, s.sid, s.user_id
           FROM session_apps sa JOIN sessions s ON s.id = sa.session_id WHERE sa.session_id = ANY($1::uuid[])) u
     JOIN apps a ON a.id = u.app_id
     WHERE a.frontchannel_logout_url IS NOT NULL OR a.backchannel_logout_url IS NOT NULL
     ORDER BY a.key`,
    [sessionIds],
  );
  return rows;
}

/**
 * Forgets that live sessions used these apps (one player's, or everyone's), so that a next use is
 * decided and recorded afresh; only the uses through OpenID Connect with `oidcOnly`. Answers the
 * forgotten uses whose app registered a logout URL.
 */
export async function forgetAppUses(
  db: DbClient,
  appIds: readonly string[],
  only: { userId?: string; oidcOnly?: boolean } = {},
): Promise<AppUseRow[]> {
  const { rows } = await db.query<AppUseRow>(
    `WITH u AS (
       DELETE FROM session_apps sa USING sessions s
       WHERE s.id = sa.session_id AND s.ended_at IS NULL AND sa.app_id = ANY($1::uuid[])
         AND ($2::uuid IS NULL OR s.user_id = $2) AND (NOT $3 OR sa.via_oidc)
       RETURNING sa.session_id, sa.app_id, sa.via_oidc, s.sid, s.user_id)
     SELECT ${APP_USE} FROM u JOIN apps a ON a.id = u.app_id
     WHERE a.frontchannel_logout_url IS NOT NULL OR a.backchannel_logout_url IS NOT NULL
     ORDER BY a.key`,
    [appIds, only.userId ?? null, only.oidcOnly ?? false],
  );
  return rows;
}
