import type { KoaContextWithOIDC } from './library-gaps/index.ts';
import type { Deps } from '../../deps.ts';
import { findOidcClientApp, type OidcClientApp } from './queries/clients.ts';
import { loadOidcPlayer, type OidcPlayer } from './player.ts';
import { once, type OidcRequest } from './request-context.ts';

const appKey = (clientId: string) => `app ${clientId}`;
const playerKey = (clientId: string, uid: string) => `player ${clientId} ${uid}`;

/** The app that is this client, read once per request (the request of `ctx`, by default the one in hand). */
export const clientApp = (deps: Pick<Deps, 'db'>, clientId: string, ctx?: KoaContextWithOIDC): Promise<OidcClientApp | null> =>
  once(appKey(clientId), () => findOidcClientApp(deps.db, clientId), ctx);

/** A request's reads, starting with the client's app the route has already read (to authenticate it). */
export const memoWithClient = (app: OidcClientApp): Map<string, Promise<unknown>> => new Map([[appKey(app.key), Promise.resolve(app)]]);

export function appOf(deps: Pick<Deps, 'db'>, ctx: KoaContextWithOIDC): Promise<OidcClientApp | null> {
  const clientId = ctx.oidc.client?.clientId;
  return clientId ? clientApp(deps, clientId, ctx) : Promise.resolve(null);
}

/** The player `uid` as the request's client sees them (access decision, roles, granted scopes), read once per request. */
export function playerOf(deps: Pick<Deps, 'db' | 'config' | 'clock'>, ctx: KoaContextWithOIDC, uid: string): Promise<OidcPlayer | null> {
  return once(
    playerKey(ctx.oidc.client?.clientId ?? '', uid),
    async () => {
      const app = await appOf(deps, ctx);
      return app ? loadOidcPlayer(deps, uid, app) : null;
    },
    ctx,
  );
}

/** An app, and a player as it sees them, read beside another record: this request does not read them again. */
export function keepInRequest(
  request: OidcRequest,
  clientId: string,
  app: OidcClientApp | null,
  player?: { uid: string; found: OidcPlayer | null },
) {
  request.memo ??= new Map();
  if (!request.memo.has(appKey(clientId))) request.memo.set(appKey(clientId), Promise.resolve(app));
  if (player && !request.memo.has(playerKey(clientId, player.uid)))
    request.memo.set(playerKey(clientId, player.uid), Promise.resolve(player.found));
}
