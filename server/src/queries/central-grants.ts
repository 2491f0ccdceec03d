import type { DbClient } from '../db/pool.ts';
import { portalRolesColumn } from './access-facts.ts';

/** The player's central roles on the portal app (`portalKey`), in order. */
export async function findRoles(db: DbClient, userId: string, portalKey: string): Promise<string[]> {
  const { rows } = await db.query<{ roles: string[] }>(`SELECT ${portalRolesColumn('$1::uuid', '$2')} AS roles`, [userId, portalKey]);
  return rows[0]!.roles;
}

export async function findCentralGrants(db: DbClient, userId: string, appId: string): Promise<{ scp: string[]; roles: string[] }> {
  const { rows } = await db.query<{ kind: 'scope' | 'role'; value: string }>(
    'SELECT kind, value FROM user_app_grants WHERE user_id = $1 AND app_id = $2 ORDER BY value',
    [userId, appId],
  );
  return {
    scp: rows.filter((r) => r.kind === 'scope').map((r) => r.value),
    roles: rows.filter((r) => r.kind === 'role').map((r) => r.value),
  };
}

export async function addCentralGrant(
  db: DbClient,
  userId: string,
  appId: string,
  kind: 'scope' | 'role',
  value: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'INSERT INTO user_app_grants (user_id, app_id, kind, value) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [userId, appId, kind, value],
  );
  return (rowCount ?? 0) > 0;
}

export async function removeCentralGrant(
  db: DbClient,
  userId: string,
  appId: string,
  kind: 'scope' | 'role',
  value: string,
): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM user_app_grants WHERE user_id = $1 AND app_id = $2 AND kind = $3 AND value = $4', [
    userId,
    appId,
    kind,
    value,
  ]);
  return (rowCount ?? 0) > 0;
}

/** Every distinct granted value, with how many grants hold it. */
export async function countGrantValues(db: DbClient): Promise<{ kind: 'scope' | 'role'; value: string; holders: number }[]> {
  const { rows } = await db.query<{ kind: 'scope' | 'role'; value: string; holders: number }>(
    'SELECT kind, value, count(*)::int AS holders FROM user_app_grants GROUP BY kind, value ORDER BY kind, value',
  );
  return rows;
}
