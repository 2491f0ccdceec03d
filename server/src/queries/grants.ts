import type { DbClient } from '../db/pool.ts';

export async function findRoles(db: DbClient, userId: string, appKey: string): Promise<string[]> {
  const { rows } = await db.query<{ value: string }>(
    `SELECT g.value FROM user_app_grants g JOIN apps a ON a.id = g.app_id
     WHERE g.user_id = $1 AND a.key = $2 AND g.kind = 'role' ORDER BY g.value`,
    [userId, appKey],
  );
  return rows.map((r) => r.value);
}
