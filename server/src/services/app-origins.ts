import type { Deps } from '../deps.ts';
import { listAppUrls } from '../queries/apps.ts';

/**
 * Whose origins: `portal`, the portal's own web origins (PUBLIC_URL, AUTH_BASE_URL and what the
 * `portal` app registers, e.g. the web app served from a host of its own); `apps`, those and every
 * origin a registered app names in its URL or redirect URLs.
 */
export type OriginCircle = 'portal' | 'apps';

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const originsOf = (urls: string[]) => new Set(urls.map(originOf).filter((o): o is string => o !== null && o !== 'null'));

/** The origins of each circle, as the registered apps name them now. */
export async function readOriginCircles(deps: Pick<Deps, 'db' | 'config'>): Promise<Record<OriginCircle, Set<string>>> {
  const { publicUrl, authBaseUrl } = deps.config;
  const urls = await listAppUrls(deps.db);
  const portal = [publicUrl, authBaseUrl, ...urls.filter((u) => u.portal).map((u) => u.url)];
  return { portal: originsOf(portal), apps: originsOf([...portal, ...urls.map((u) => u.url)]) };
}
