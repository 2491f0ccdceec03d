import type { DbClient } from '../db/pool.ts';
import type { AccessFacts, RuleMatch } from '../domain/access.ts';

/**
 * The facts the one access rule decides from, as SQL to put in a query that knows the user and
 * the app (`user` and `app` are SQL expressions naming their ids): the status an admin recorded,
 * and the app's rules whose group holds the player (or held them: the grace period is the rule's
 * to judge). Every query that decides access selects them through here.
 */
export const accessFactsColumns = (user: string, app: string) => `
  (SELECT x.status FROM user_app_access x WHERE x.user_id = ${user} AND x.app_id = ${app}) AS access_status,
  ${ruleMatchesColumn(user, app)} AS rule_matches`;

/**
 * The player's central roles on the portal app, in order (a global admin holds `admin`): `user` names the
 * player's id and `portalKey` the portal app's key, as SQL expressions.
 */
export const portalRolesColumn = (user: string, portalKey: string) => `
  ARRAY(SELECT g.value FROM user_app_grants g JOIN apps p ON p.id = g.app_id
        WHERE g.user_id = ${user} AND p.key = ${portalKey} AND g.kind = 'role' ORDER BY g.value)`;

const grantValuesColumn = (user: string, app: string, kind: 'role' | 'scope') => `
  ARRAY(SELECT g.value FROM user_app_grants g WHERE g.user_id = ${user} AND g.app_id = ${app} AND g.kind = '${kind}' ORDER BY g.value)`;

/** The central roles an admin granted user `user` on app `app`, in order. */
export const appRolesColumn = (user: string, app: string) => grantValuesColumn(user, app, 'role');

/** The central scopes an admin granted user `user` on app `app`, in order. */
export const appScopesColumn = (user: string, app: string) => grantValuesColumn(user, app, 'scope');

/** The rules of app `app` whose group holds user `user`, as a JSON array of RuleMatch. */
export const ruleMatchesColumn = (user: string, app: string) => `
  COALESCE((SELECT json_agg(json_build_object('group', json_build_object('name', g.name, 'kind', g.kind),
                    'roles', r.roles, 'scopes', r.scopes, 'grace_hours', r.grace_hours, 'left_at', m.left_at))
            FROM app_access_rules r
            JOIN group_members m ON m.group_id = r.group_id AND m.user_id = ${user}
            JOIN groups g ON g.id = r.group_id
            WHERE r.app_id = ${app}), '[]'::json)`;

/**
 * The name group `g` (an SQL alias of `groups`) travels under to apps: its own, but a faction whose name another
 * group has (case aside) carries its UID, "Galactic Weapon Systems (20:2400)". A group an admin keeps cannot take a
 * faction's name or end in such a UID, so no two groups travel under one name.
 */
export const sentNameSql = (g: string) => `
  CASE WHEN ${g}.kind = 'faction' AND EXISTS (SELECT 1 FROM groups o WHERE lower(o.name) = lower(${g}.name) AND o.id <> ${g}.id)
       THEN ${g}.name || ' (' || ${g}.faction_uid || ')' ELSE ${g}.name END`;

/**
 * The groups app `app` is told user `user` is in now, by the names they travel under, in order: only the groups the
 * app's access rules name and those an admin shows to every app. Forward auth's header and JWT and the OpenID
 * Provider's claim all read this one list.
 */
export const appGroupNamesColumn = (user: string, app: string) => `
  ARRAY(SELECT ${sentNameSql('g')} AS sent FROM group_members m JOIN groups g ON g.id = m.group_id
        WHERE m.user_id = ${user} AND m.left_at IS NULL
          AND (g.shown_to_apps OR EXISTS (SELECT 1 FROM app_access_rules r WHERE r.app_id = ${app} AND r.group_id = g.id))
        ORDER BY sent)`;

export interface AccessFactsRow extends AccessFacts {
  rule_matches: RuleMatch[];
}

/** The access facts of one player on several apps (all apps when `appIds` is omitted), keyed by app id. */
export async function findAccessFacts(db: DbClient, userId: string, appIds?: readonly string[]): Promise<Map<string, AccessFactsRow>> {
  const { rows } = await db.query<AccessFactsRow & { app_id: string }>(
    `SELECT a.id AS app_id, ${accessFactsColumns('$1', 'a.id')}
     FROM apps a WHERE $2::uuid[] IS NULL OR a.id = ANY($2)`,
    [userId, appIds ?? null],
  );
  return new Map(rows.map((r) => [r.app_id, { access_status: r.access_status, rule_matches: r.rule_matches }]));
}

/** The access facts of one player on one app. */
export async function findAccessFactsOn(db: DbClient, userId: string, appId: string): Promise<AccessFactsRow> {
  return (await findAccessFacts(db, userId, [appId])).get(appId) ?? { access_status: null, rule_matches: [] };
}

/** What the one access rule needs of players on apps: one row per (player, app). */
export interface AccessGridRow extends AccessFactsRow {
  user_id: string;
  uid: string;
  app_id: string;
  key: string;
  skip_uid_whitelist: boolean;
  allow_global_admin: boolean;
  portal_roles: string[];
}

/** The access facts of every one of these players on every one of these apps, in one read. */
export async function findAccessGrid(
  db: DbClient,
  userIds: readonly string[],
  appIds: readonly string[],
  portalKey: string,
): Promise<AccessGridRow[]> {
  if (userIds.length === 0 || appIds.length === 0) return [];
  const { rows } = await db.query<AccessGridRow>(
    `SELECT u.id AS user_id, u.uid, a.id AS app_id, a.key, a.skip_uid_whitelist, a.allow_global_admin,
       ${accessFactsColumns('u.id', 'a.id')},
       ${portalRolesColumn('u.id', '$3')} AS portal_roles
     FROM users u CROSS JOIN apps a WHERE u.id = ANY($1::uuid[]) AND a.id = ANY($2::uuid[])`,
    [userIds, appIds, portalKey],
  );
  return rows;
}
