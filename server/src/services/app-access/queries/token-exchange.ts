import { PORTAL_APP_KEY } from '@portal/contract';
import type { AccessStatus, RuleMatch } from '../../../domain/access.ts';
import { accessFactsColumns, portalRolesColumn } from '../../../queries/access-facts.ts';
import type { DbClient } from '../../../db/pool.ts';

/** The session a subject token names, its player and the app, read together. */
interface ExchangeSubjectRow {
  user_id: string;
  uid: string;
  automation_token_enabled: boolean;
  idle_expires_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  app_key: string;
  allow_delegated_swc_token: boolean;
  skip_uid_whitelist: boolean;
  allow_global_admin: boolean;
  /** The player's access to the app, as Access Control says now. */
  access_status: AccessStatus;
  rule_matches: RuleMatch[];
  /** Central roles on the portal app (a global admin holds `admin`). */
  portal_roles: string[];
}

export async function findExchangeSubject(
  db: DbClient,
  q: { sid: string; appKey: string; audience: string },
): Promise<ExchangeSubjectRow | null> {
  const { rows } = await db.query<ExchangeSubjectRow>(
    `SELECT s.user_id, u.uid, u.automation_token_enabled, s.idle_expires_at, s.expires_at, s.ended_at,
            a.key AS app_key, a.allow_delegated_swc_token, a.skip_uid_whitelist, a.allow_global_admin,
            ${accessFactsColumns('u.id', 'a.id')},
            ${portalRolesColumn('u.id', '$4')} AS portal_roles
     FROM sessions s JOIN users u ON u.id = s.user_id
     JOIN apps a ON a.key = $2 AND a.audience = $3
     WHERE s.sid = $1`,
    [q.sid, q.appKey, q.audience, PORTAL_APP_KEY],
  );
  return rows[0] ?? null;
}
