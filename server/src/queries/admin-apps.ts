import type { DbClient } from '../db/pool.ts';
import type { AppRow } from './apps.ts';

export interface AppFields {
  key: string;
  name: string;
  audience: string;
  icon: string | null;
  url: string | null;
  description: string | null;
  phase: string | null;
  phaseDesc: string | null;
  phaseColor: string | null;
  progress: number;
  redirect_urls: string[];
  frontchannel_logout_url: string | null;
  backchannel_logout_url: string | null;
  allow_global_admin: boolean;
  allow_delegated_swc_token: boolean;
  skip_uid_whitelist: boolean;
}

// Column ← body field; the body uses the spec's names (phaseDesc, phaseColor).
const COLUMNS: [string, keyof AppFields][] = [
  ['key', 'key'],
  ['name', 'name'],
  ['audience', 'audience'],
  ['icon', 'icon'],
  ['url', 'url'],
  ['description', 'description'],
  ['phase', 'phase'],
  ['phase_desc', 'phaseDesc'],
  ['phase_color', 'phaseColor'],
  ['progress', 'progress'],
  ['redirect_urls', 'redirect_urls'],
  ['frontchannel_logout_url', 'frontchannel_logout_url'],
  ['backchannel_logout_url', 'backchannel_logout_url'],
  ['allow_global_admin', 'allow_global_admin'],
  ['allow_delegated_swc_token', 'allow_delegated_swc_token'],
  ['skip_uid_whitelist', 'skip_uid_whitelist'],
];

export async function listApps(db: DbClient): Promise<AppRow[]> {
  const { rows } = await db.query<AppRow>("SELECT * FROM apps ORDER BY key <> 'portal', lower(name), key");
  return rows;
}

export async function insertApp(db: DbClient, f: AppFields): Promise<AppRow> {
  const { rows } = await db.query<AppRow>(
    `INSERT INTO apps (${COLUMNS.map(([c]) => c).join(', ')}) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    COLUMNS.map(([, k]) => f[k]),
  );
  return rows[0]!;
}

export async function updateApp(db: DbClient, id: string, f: AppFields): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>(
    `UPDATE apps SET ${COLUMNS.map(([c], i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1 RETURNING *`,
    [id, ...COLUMNS.map(([, k]) => f[k])],
  );
  return rows[0] ?? null;
}

export async function deleteApp(db: DbClient, id: string): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>('DELETE FROM apps WHERE id = $1 RETURNING *', [id]);
  return rows[0] ?? null;
}
