import type { Deps } from '../../deps.ts';
import { createAuthCache, type AuthCache } from '../../lib/auth-cache.ts';
import type { AccessChanged } from '../../lib/access-changed.ts';
import { findOidcClientApp, type OidcClientApp } from './queries/clients.ts';

/** How long an app read for the client door is kept at most, should an announcement of its change be missed. */
export const CLIENT_APP_FRESH_MS = 30_000;
/** Apps, not players: a few hundred at most in a community; the cap only bounds a spray of names that do exist. */
const MAX_APPS = 1_000;

const kept = new WeakMap<AccessChanged, AuthCache<OidcClientApp>>();

function appsKept(accessChanged: AccessChanged): AuthCache<OidcClientApp> {
  let cache = kept.get(accessChanged);
  if (!cache) {
    const made = createAuthCache<OidcClientApp>(MAX_APPS);
    // Every change of an app (made, saved, removed, its secret issued or taken away) announces that access changed.
    accessChanged.listen(() => made.clear());
    kept.set(accessChanged, made);
    cache = made;
  }
  return cache;
}

/**
 * The app that is client `key`, as the client door checks it at every token, device, introspection and
 * revocation request: kept per process (a code exchange and each refresh would read it again), and
 * dropped whenever access changes here or on another replica, so a new secret, a removed app or a
 * narrowed grant type holds at the next request. An unknown client is not kept.
 */
export async function keptClientApp(deps: Pick<Deps, 'db' | 'clock' | 'accessChanged'>, key: string): Promise<OidcClientApp | null> {
  const cache = appsKept(deps.accessChanged);
  const now = deps.clock.now().getTime();
  const hit = cache.get(key, now);
  if (hit) return hit;
  const generation = cache.generation;
  const app = await findOidcClientApp(deps.db, key);
  // Not kept when a change was announced while it was read: it may be the app as it was.
  if (app) cache.setIfCurrent(generation, key, app, now + CLIENT_APP_FRESH_MS);
  return app;
}
