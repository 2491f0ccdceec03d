import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Deps } from '../../deps.ts';
import { findOidcClientApp, type OidcClientApp } from '../../queries/oidc-clients.ts';
import { loadOidcPlayer, type OidcPlayer } from './player.ts';

// One read per request of the app and of the player, whichever hook asks first.
const apps = new WeakMap<object, Promise<OidcClientApp | null>>();
const players = new WeakMap<object, Promise<OidcPlayer | null>>();

export function appOf(deps: Pick<Deps, 'db'>, ctx: KoaContextWithOIDC): Promise<OidcClientApp | null> {
  const clientId = ctx.oidc.client?.clientId;
  if (!clientId) return Promise.resolve(null);
  let app = apps.get(ctx);
  if (!app) {
    app = findOidcClientApp(deps.db, clientId);
    apps.set(ctx, app);
  }
  return app;
}

/** The player `uid` as the request's client sees them (access decision, roles, granted scopes). */
export function playerOf(deps: Pick<Deps, 'db' | 'config'>, ctx: KoaContextWithOIDC, uid: string): Promise<OidcPlayer | null> {
  let player = players.get(ctx);
  if (!player) {
    player = appOf(deps, ctx).then((app) => (app ? loadOidcPlayer(deps, uid, app) : null));
    players.set(ctx, player);
  }
  return player;
}
