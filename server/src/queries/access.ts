import type { DbClient } from '../db/pool.ts';
import type { AccessStatus } from '../domain/access.ts';

export async function findAccessStatus(db: DbClient, userId: string, appId: string): Promise<AccessStatus> {
  const { rows } = await db.query<{ status: NonNullable<AccessStatus> }>(
    'SELECT status FROM user_app_access WHERE user_id = $1 AND app_id = $2',
    [userId, appId],
  );
  return rows[0]?.status ?? null;
}
