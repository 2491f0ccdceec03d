import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import { APP_COLUMNS, type AppRow } from '../../../queries/app-columns.ts';
import { selectList } from '../../../queries/columns.ts';
import {
  accessFactsColumns,
  appGroupNamesColumn,
  appRolesColumn,
  appScopesColumn,
  portalRolesColumn,
} from '../../../queries/access-facts.ts';
import type { AccessStatus, RuleMatch } from '../../../domain/access.ts';

/** The columns of an OidcClientApp, of `apps` as `a`. */
export const OIDC_CLIENT_APP = `${selectList(APP_COLUMNS, 'a')}, a.client_secret_hash, a.client_secret_created_at`;

/** An app as an OpenID Connect client: its key is the client_id; a stored secret hash makes it confidential. */
export type OidcClientApp = AppRow & { client_secret_hash: Buffer | null; client_secret_created_at: Date | null };

const CLIENT_APP_BY_KEY = `SELECT ${OIDC_CLIENT_APP} FROM apps a WHERE a.key = $1`;

export async function findOidcClientApp(db: DbClient, key: string): Promise<OidcClientApp | null> {
  const { rows } = await db.query<OidcClientApp>({
    name: 'oidc-client-app',
    text: CLIENT_APP_BY_KEY,
    values: [key],
  });
  return rows[0] ?? null;
}

export async function setClientSecretHash(db: DbClient, appId: string, hash: Buffer | null, now: Date): Promise<void> {
  await db.query('UPDATE apps SET client_secret_hash = $2, client_secret_created_at = $3, updated_at = $4 WHERE id = $1', [
    appId,
    hash,
    hash ? now : null,
    now,
  ]);
}

/** What the id_token and userinfo say of a player for one app, read in one query. */
export interface OidcPlayerRow {
  user_id: string;
  uid: string;
  name: string;
  image: string | null;
  race: string | null;
  faction: string | null;
  email: string | null;
  portal_roles: string[];
  access_status: AccessStatus;
  rule_matches: RuleMatch[];
  /** The groups the app is told the player is in now, by the names they travel under (access-facts.ts). */
  groups: string[];
  app_roles: string[];
  app_scopes: string[];
}

/**
 * The SELECT of an OidcPlayerRow for the user whose uid is `uid` on the app whose id is `appId` (SQL
 * expressions), `portalKey` naming the portal's own app: read alone, or beside another record.
 */
export const oidcPlayerSelect = (uid: string, appId: string, portalKey: string) => `
  SELECT u.id AS user_id, u.uid, COALESCE(u.name, u.uid) AS name, u.image, u.race, u.faction, u.email,
    ${portalRolesColumn('u.id', portalKey)} AS portal_roles,
    ${accessFactsColumns('u.id', appId)},
    ${appGroupNamesColumn('u.id', appId)} AS groups,
    ${appRolesColumn('u.id', appId)} AS app_roles,
    ${appScopesColumn('u.id', appId)} AS app_scopes
  FROM users u WHERE u.uid = ${uid}`;

const PLAYER_BY_UID = oidcPlayerSelect('$1', '$2::uuid', '$3');

export async function findOidcPlayer(db: DbClient, uid: string, appId: string): Promise<OidcPlayerRow | null> {
  const { rows } = await db.query<OidcPlayerRow>({
    name: 'oidc-player',
    text: PLAYER_BY_UID,
    values: [uid, appId, PORTAL_APP_KEY],
  });
  return rows[0] ?? null;
}
