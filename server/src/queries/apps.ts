import type { DbClient } from '../db/pool.ts';

export interface AppRow {
  id: string;
  key: string;
  name: string;
  audience: string;
  icon: string | null;
  url: string | null;
  description: string | null;
  phase: string | null;
  phase_desc: string | null;
  phase_color: string | null;
  progress: number;
  redirect_urls: string[];
  frontchannel_logout_url: string | null;
  backchannel_logout_url: string | null;
  allow_global_admin: boolean;
  allow_delegated_swc_token: boolean;
  skip_uid_whitelist: boolean;
}

export async function findAppByAudience(db: DbClient, audience: string): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>('SELECT * FROM apps WHERE audience = $1', [audience]);
  return rows[0] ?? null;
}

export async function findAppById(db: DbClient, id: string): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>('SELECT * FROM apps WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** Every app but the portal, with this user's access status (null when none). */
export async function listAppsWithAccess(db: DbClient, userId: string): Promise<(AppRow & { status: 'active' | 'suspended' | null })[]> {
  const { rows } = await db.query<AppRow & { status: 'active' | 'suspended' | null }>(
    `SELECT a.*, x.status FROM apps a
     LEFT JOIN user_app_access x ON x.app_id = a.id AND x.user_id = $1
     WHERE a.key <> 'portal' ORDER BY lower(a.name), a.key`,
    [userId],
  );
  return rows;
}

/** The portal admits its own dashboard at the URL it is served from, and nowhere else. */
export async function ensurePortalRedirect(db: DbClient, dashboardUrl: string): Promise<void> {
  await db.query(`UPDATE apps SET redirect_urls = ARRAY[$1::text], url = $1 WHERE key = 'portal'`, [dashboardUrl]);
}

/** Origins that may call the API with credentials: every registered app's URL and redirect URLs. */
export async function listAppUrls(db: DbClient): Promise<string[]> {
  const { rows } = await db.query<{ u: string }>(`SELECT unnest(array_append(redirect_urls, url)) AS u FROM apps`);
  return rows.map((r) => r.u).filter(Boolean);
}
