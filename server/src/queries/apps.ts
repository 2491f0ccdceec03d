import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';
import type { AccessFactsRow } from './access-facts.ts';
import { accessFactsColumns } from './access-facts.ts';
import { APP_COLUMNS, type AppRow } from './app-columns.ts';
import { selectList } from './columns.ts';

export type { AppRow } from './app-columns.ts';

const APP = selectList(APP_COLUMNS, 'a');

export async function findAppByAudience(db: DbClient, audience: string): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>(`SELECT ${APP} FROM apps a WHERE a.audience = $1`, [audience]);
  return rows[0] ?? null;
}

export async function findAppById(db: DbClient, id: string): Promise<AppRow | null> {
  const { rows } = await db.query<AppRow>(`SELECT ${APP} FROM apps a WHERE a.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Every app but the portal, with what the access rule decides this user's access from. */
export async function listAppsWithAccess(db: DbClient, userId: string): Promise<(AppRow & AccessFactsRow)[]> {
  const { rows } = await db.query<AppRow & AccessFactsRow>(
    `SELECT ${APP}, ${accessFactsColumns('$1::uuid', 'a.id')} FROM apps a
     WHERE a.key <> $2 ORDER BY lower(a.name), a.key`,
    [userId, PORTAL_APP_KEY],
  );
  return rows;
}

/**
 * The portal admits its own dashboard at the URL it is served from, and its OpenID Provider's
 * pages a sign-in comes back to (`returnPages`: an app’s sign-in, a device’s, Your account). The addresses an earlier
 * start wrote (the previous dashboard, any interaction prefix or device page) are replaced; others an
 * admin added (the web app served from a host of its own) are kept.
 */
export async function ensurePortalRedirect(db: DbClient, dashboardUrl: string, returnPages: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE apps SET
       redirect_urls = $2::text[] || ARRAY(
         SELECT u FROM unnest(redirect_urls) WITH ORDINALITY AS r(u, n)
         WHERE u <> ALL($2::text[]) AND u <> coalesce(url, '') AND u NOT LIKE '%/oidc/interaction/' AND u NOT LIKE '%/device' AND u NOT LIKE '%/account'
         ORDER BY n
       ),
       url = $1
     WHERE key = $3`,
    [dashboardUrl, [dashboardUrl, ...returnPages], PORTAL_APP_KEY],
  );
}

/** Every registered app's URL and redirect URLs; `portal` marks the portal app's own. */
export async function listAppUrls(db: DbClient): Promise<{ url: string; portal: boolean }[]> {
  const { rows } = await db.query<{ url: string | null; portal: boolean }>(
    `SELECT unnest(array_append(redirect_urls, url)) AS url, key = $1 AS portal FROM apps`,
    [PORTAL_APP_KEY],
  );
  return rows.filter((r): r is { url: string; portal: boolean } => Boolean(r.url));
}
