import type { AppAccessRow } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import type { AccessStatus } from '../../../domain/access.ts';
import { selectList, type DbRow } from '../../../queries/columns.ts';

type AppAccessDbRow = DbRow<AppAccessRow, 'updated_at'>;

const APP_ACCESS = selectList({
  user_id: 'u.id',
  uid: 'u.uid',
  name: 'u.name',
  image: 'u.image',
  status: 'x.status',
  updated_at: 'x.updated_at',
} satisfies Record<keyof AppAccessRow, string>);

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

/** The players with an access record on the app, by name (players not signed in yet, by UID, first): a page and the total. */
export async function listAppAccess(
  db: DbClient,
  appId: string,
  limit: number,
  offset: number,
): Promise<{ rows: AppAccessDbRow[]; total: number }> {
  const { rows } = await db.query<AppAccessDbRow & { total: string }>(
    `SELECT ${APP_ACCESS}, count(*) OVER () AS total
     FROM user_app_access x JOIN users u ON u.id = x.user_id
     WHERE x.app_id = $1
     ORDER BY lower(u.name) NULLS FIRST, u.uid LIMIT $2 OFFSET $3`,
    [appId, limit, offset],
  );
  if (rows.length === 0 && offset > 0) {
    const { rows: c } = await db.query<{ n: string }>('SELECT count(*) AS n FROM user_app_access WHERE app_id = $1', [appId]);
    return { rows: [], total: Number(c[0]!.n) };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows.length ? Number(rows[0]!.total) : 0 };
}
