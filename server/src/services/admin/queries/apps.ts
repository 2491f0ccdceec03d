import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import { APP_COLUMNS, APP_INPUT_COLUMNS, type AppFields, type AppRow } from '../../../queries/app-columns.ts';
import { selectList } from '../../../queries/columns.ts';

export type { AppFields } from '../../../queries/app-columns.ts';

const APP = selectList(APP_COLUMNS);
const INPUT = Object.entries(APP_INPUT_COLUMNS) as [keyof AppFields, string][];
const values = (f: AppFields) => INPUT.map(([field]) => f[field]);

/** Every app, the portal first. */
export async function listApps(db: DbClient): Promise<AppRow[]> {
  const { rows } = await db.query<AppRow>(`SELECT ${APP} FROM apps ORDER BY key <> $1, lower(name), key`, [PORTAL_APP_KEY]);
  return rows;
}

export async function insertApp(db: DbClient, f: AppFields): Promise<AppRow> {
  const { rows } = await db.query<AppRow>(
    `INSERT INTO apps (${INPUT.map(([, column]) => column).join(', ')})
     VALUES (${INPUT.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${APP}`,
    values(f),
  );
  return rows[0]!;
}

export async function updateApp(db: DbClient, id: string, f: AppFields): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>(
    `UPDATE apps SET ${INPUT.map(([, column], i) => `${column} = $${i + 2}`).join(', ')}, updated_at = now()
     WHERE id = $1 RETURNING ${APP}`,
    [id, ...values(f)],
  );
  return rows[0] ?? null;
}

export async function deleteApp(db: DbClient, id: string): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>(`DELETE FROM apps WHERE id = $1 RETURNING ${APP}`, [id]);
  return rows[0] ?? null;
}

/**
 * The players who hold something on the app that an end of access would end: a live session that
 * used it, or an OpenID Connect grant (with its codes and tokens).
 */
export async function playersHoldingApp(db: DbClient, appId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT s.user_id FROM session_apps sa JOIN sessions s ON s.id = sa.session_id
     WHERE sa.app_id = $1 AND s.ended_at IS NULL
     UNION
     SELECT u.id FROM oidc_payloads p JOIN apps a ON a.key = p.client_id JOIN users u ON u.uid = p.account_id
     WHERE p.model = 'Grant' AND a.id = $1`,
    [appId],
  );
  return rows.map((r) => r.user_id);
}
