import type { DbClient } from '../db/pool.ts';

/** The session a subject token names, its player and the app, read together. */
export interface ExchangeSubjectRow {
  user_id: string;
  uid: string;
  automation_token_enabled: boolean;
  idle_expires_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  app_key: string;
  allow_delegated_swc_token: boolean;
}

export async function findExchangeSubject(
  db: DbClient,
  q: { sid: string; appKey: string; audience: string },
): Promise<ExchangeSubjectRow | null> {
  const { rows } = await db.query<ExchangeSubjectRow>(
    `SELECT s.user_id, u.uid, u.automation_token_enabled, s.idle_expires_at, s.expires_at, s.ended_at,
            a.key AS app_key, a.allow_delegated_swc_token
     FROM sessions s JOIN users u ON u.id = s.user_id
     JOIN apps a ON a.key = $2 AND a.audience = $3
     WHERE s.sid = $1`,
    [q.sid, q.appKey, q.audience],
  );
  return rows[0] ?? null;
}
