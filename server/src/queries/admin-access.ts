import type { DbClient } from '../db/pool.ts';
import type { AccessStatus } from '../domain/access.ts';

export async function findAppByKey(db: DbClient, key: string): Promise<{ id: string; key: string; name: string } | null> {
  const { rows } = await db.query<{ id: string; key: string; name: string }>('SELECT id, key, name FROM apps WHERE key = $1', [key]);
  return rows[0] ?? null;
}

export async function setAccess(db: DbClient, userId: string, appId: string, status: NonNullable<AccessStatus>): Promise<void> {
  await db.query(
    `INSERT INTO user_app_access (user_id, app_id, status) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, app_id) DO UPDATE SET status = $3, updated_at = now()`,
    [userId, appId, status],
  );
}
