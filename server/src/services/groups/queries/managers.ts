import type { GroupJoining } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';

interface ManagerRow {
  user_id: string;
  uid: string;
  name: string | null;
}

/** The players who manage a group, by name. */
export async function listManagers(db: DbClient, groupId: string): Promise<ManagerRow[]> {
  const { rows } = await db.query<ManagerRow>(
    `SELECT u.id AS user_id, u.uid, NULLIF(u.name, '') AS name FROM group_managers gm JOIN users u ON u.id = gm.user_id
     WHERE gm.group_id = $1 ORDER BY lower(u.name) NULLS LAST, u.uid`,
    [groupId],
  );
  return rows;
}

/** Makes exactly these players the group's managers; answers who was added and who removed. */
export async function replaceManagers(
  db: DbClient,
  groupId: string,
  userIds: readonly string[],
  now: Date,
): Promise<{ added: string[]; removed: string[] }> {
  const { rows: removed } = await db.query<{ user_id: string }>(
    'DELETE FROM group_managers WHERE group_id = $1 AND NOT (user_id = ANY($2::uuid[])) RETURNING user_id',
    [groupId, userIds],
  );
  const { rows: added } = await db.query<{ user_id: string }>(
    `INSERT INTO group_managers (group_id, user_id, added_at) SELECT $1, u, $3 FROM unnest($2::uuid[]) AS u
     ON CONFLICT DO NOTHING RETURNING user_id`,
    [groupId, userIds, now],
  );
  return { added: added.map((r) => r.user_id), removed: removed.map((r) => r.user_id) };
}

/** Does the player manage this group? */
export async function managesGroup(db: DbClient, userId: string, groupId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM group_managers WHERE user_id = $1 AND group_id = $2', [userId, groupId]);
  return (rowCount ?? 0) > 0;
}

/** Does the player manage any group? */
export async function managesAnyGroup(db: DbClient, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM group_managers WHERE user_id = $1 LIMIT 1', [userId]);
  return (rowCount ?? 0) > 0;
}

/** The groups a player manages. */
export async function managedGroupIds(db: DbClient, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ group_id: string }>('SELECT group_id FROM group_managers WHERE user_id = $1', [userId]);
  return rows.map((r) => r.group_id);
}

/** The managers of each of these groups, by name (for "ask Talia Dorne"). */
export async function managerNamesByGroup(db: DbClient, groupIds: readonly string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ group_id: string; name: string }>(
    `SELECT gm.group_id, COALESCE(NULLIF(u.name, ''), u.uid) AS name FROM group_managers gm JOIN users u ON u.id = gm.user_id
     WHERE gm.group_id = ANY($1::uuid[]) ORDER BY lower(COALESCE(NULLIF(u.name, ''), u.uid))`,
    [groupIds],
  );
  const byGroup = new Map<string, string[]>();
  for (const row of rows) byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), row.name]);
  return byGroup;
}

interface ManagedGroupRow {
  id: string;
  name: string;
  description: string;
  joining: GroupJoining;
  member_count: number;
  pending_count: number;
  apps: string[];
}

/** The groups the player manages, with members, requests waiting and the apps whose rules name them. */
export async function listManagedGroups(db: DbClient, userId: string): Promise<ManagedGroupRow[]> {
  const { rows } = await db.query<ManagedGroupRow>(
    `SELECT g.id, g.name, g.description, g.joining,
       (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id AND m.left_at IS NULL) AS member_count,
       (SELECT count(*)::int FROM group_requests r WHERE r.group_id = g.id AND r.status = 'pending') AS pending_count,
       COALESCE((SELECT array_agg(a.name ORDER BY lower(a.name)) FROM app_access_rules ar JOIN apps a ON a.id = ar.app_id
                 WHERE ar.group_id = g.id), '{}') AS apps
     FROM group_managers gm JOIN groups g ON g.id = gm.group_id
     WHERE gm.user_id = $1 ORDER BY lower(g.name), g.id`,
    [userId],
  );
  return rows;
}
