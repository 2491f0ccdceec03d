import type { DbClient } from '../db/pool.ts';

export async function recordSessionApp(db: DbClient, sessionId: string, appId: string): Promise<void> {
  await db.query('INSERT INTO session_apps (session_id, app_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [sessionId, appId]);
}

/** The app signed in through OpenID Connect: its logout token is addressed to its client_id. */
export async function recordOidcSessionApp(db: DbClient, sessionId: string, appId: string): Promise<void> {
  await db.query(
    'INSERT INTO session_apps (session_id, app_id, via_oidc) VALUES ($1, $2, true) ON CONFLICT (session_id, app_id) DO UPDATE SET via_oidc = true',
    [sessionId, appId],
  );
}

/** Apps with a logout URL that any of these sessions was used for. */
export async function appsUsedBySessions(db: DbClient, sessionIds: string[]) {
  const { rows } = await db.query<{
    session_id: string;
    sid: string;
    app_id: string;
    key: string;
    audience: string;
    frontchannel_logout_url: string | null;
    backchannel_logout_url: string | null;
    via_oidc: boolean;
  }>(
    `SELECT sa.session_id, s.sid, a.id AS app_id, a.key, a.audience, a.frontchannel_logout_url, a.backchannel_logout_url, sa.via_oidc
     FROM session_apps sa JOIN sessions s ON s.id = sa.session_id JOIN apps a ON a.id = sa.app_id
     WHERE sa.session_id = ANY($1::uuid[]) AND (a.frontchannel_logout_url IS NOT NULL OR a.backchannel_logout_url IS NOT NULL)
     ORDER BY a.key`,
    [sessionIds],
  );
  return rows;
}
