import type { AccessRuleInput, GroupKind } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';

interface AccessRuleRow extends AccessRuleInput {
  group: { id: string; name: string; kind: GroupKind; faction_uid: string | null; member_count: number };
}

/** The app's rules, groups an admin keeps first, then factions, by name. */
export async function listAccessRules(db: DbClient, appId: string): Promise<AccessRuleRow[]> {
  const { rows } = await db.query<AccessRuleRow>(
    `SELECT r.group_id, r.roles, r.scopes, r.grace_hours,
       json_build_object('id', g.id, 'name', g.name, 'kind', g.kind, 'faction_uid', g.faction_uid,
         'member_count', (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id AND m.left_at IS NULL)) AS group
     FROM app_access_rules r JOIN groups g ON g.id = r.group_id
     WHERE r.app_id = $1 ORDER BY g.kind, lower(g.name)`,
    [appId],
  );
  return rows;
}

/** The app's whole set of rules becomes `rules`. */
export async function replaceAccessRules(db: DbClient, appId: string, rules: readonly AccessRuleInput[]): Promise<void> {
  await db.query('DELETE FROM app_access_rules WHERE app_id = $1', [appId]);
  if (rules.length === 0) return;
  await db.query(
    `INSERT INTO app_access_rules (app_id, group_id, roles, scopes, grace_hours)
     SELECT $1, r.group_id, r.roles, r.scopes, r.grace_hours
     FROM json_to_recordset($2::json) AS r(group_id uuid, roles text[], scopes text[], grace_hours int)`,
    [appId, JSON.stringify(rules)],
  );
}

/** Players in (or leaving) any of these groups: those a change of rules may admit or stop admitting. */
export async function membersOfGroups(db: DbClient, groupIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>('SELECT DISTINCT user_id FROM group_members WHERE group_id = ANY($1::uuid[])', [
    groupIds,
  ]);
  return rows.map((r) => r.user_id);
}

/** The UID and name of players, for a preview's sample. */
export async function playersByIds(
  db: DbClient,
  userIds: readonly string[],
): Promise<{ user_id: string; uid: string; name: string | null }[]> {
  const { rows } = await db.query<{ user_id: string; uid: string; name: string | null }>(
    `SELECT id AS user_id, uid, NULLIF(name, '') AS name FROM users WHERE id = ANY($1::uuid[]) ORDER BY lower(name) NULLS LAST, uid`,
    [userIds],
  );
  return rows;
}
