import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import type { AccessStatus, RuleMatch } from '../../../domain/access.ts';
import {
  accessFactsColumns,
  appGroupNamesColumn,
  appRolesColumn,
  appScopesColumn,
  portalRolesColumn,
} from '../../../queries/access-facts.ts';

/** Everything a forward-auth check needs about one session and one app. */
export interface ForwardAuthRow {
  session_id: string;
  sid: string;
  last_seen_at: Date;
  idle_expires_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  /** When a passkey was last used in the session (sign-in or confirmation); null: never. */
  passkey_used_at: Date | null;
  swc_signed_in_at: Date | null;
  passkey_amr: string[];
  user_id: string;
  uid: string;
  name: string;
  /** Central roles on the portal app. */
  portal_roles: string[];
  /** null when no app has this audience. */
  app_id: string | null;
  app_key: string | null;
  audience: string | null;
  skip_uid_whitelist: boolean | null;
  allow_global_admin: boolean | null;
  require_passkey: boolean | null;
  access_status: AccessStatus;
  rule_matches: RuleMatch[];
  /** The groups the app is told the player is in now, by the names they travel under (access-facts.ts). */
  groups: string[];
  app_roles: string[];
  app_scopes: string[];
  /** Whether this session was already recorded as used with the app (for sign-out). */
  app_recorded: boolean;
}

/**
 * Sent as a named (prepared) statement: each connection plans it once. Planning this query costs
 * several times what running it does, and every cold forward-auth check runs it. It reads any number
 * of checks at once: answers turning stale are read again together.
 */
const FORWARD_AUTH_SQL = `SELECT q.n, s.id AS session_id, s.sid, s.last_seen_at, s.idle_expires_at, s.expires_at, s.ended_at, s.passkey_used_at,
       s.swc_signed_in_at, s.passkey_amr,
       u.id AS user_id, u.uid, COALESCE(u.name, u.uid) AS name,
       ${portalRolesColumn('u.id', '$3')} AS portal_roles,
       a.id AS app_id, a.key AS app_key, a.audience, a.skip_uid_whitelist, a.allow_global_admin, a.require_passkey,
       ${accessFactsColumns('u.id', 'a.id')},
       ${appGroupNamesColumn('u.id', 'a.id')} AS groups,
       ${appRolesColumn('u.id', 'a.id')} AS app_roles,
       ${appScopesColumn('u.id', 'a.id')} AS app_scopes,
       EXISTS (SELECT 1 FROM session_apps sa WHERE sa.session_id = s.id AND sa.app_id = a.id) AS app_recorded
     FROM unnest($1::bytea[], $2::text[]) WITH ORDINALITY AS q(token_hash, audience, n)
     JOIN sessions s ON s.token_hash = q.token_hash
     JOIN users u ON u.id = s.user_id
     LEFT JOIN apps a ON a.audience = q.audience`;

/** One forward-auth check to read: the session token's hash and the app's audience. */
export interface ForwardAuthKey {
  tokenHash: Buffer;
  audience: string;
}

/** The rows of these checks in one round trip, in their order; null where no session has the token. */
export async function findForwardAuths(db: DbClient, checks: ForwardAuthKey[]): Promise<(ForwardAuthRow | null)[]> {
  const { rows } = await db.query<ForwardAuthRow & { n: string }>({
    name: 'forward-auth',
    text: FORWARD_AUTH_SQL,
    values: [checks.map((c) => c.tokenHash), checks.map((c) => c.audience), PORTAL_APP_KEY],
  });
  const found: (ForwardAuthRow | null)[] = checks.map(() => null);
  for (const row of rows) found[Number(row.n) - 1] = row; // its `n` stays on it: no copy of each row
  return found;
}
