import type { Deps } from '../../../deps.ts';
import { isStorableId } from '../ids.ts';
import { clientApp, keepInRequest } from '../lookups.ts';
import { oidcPlayerOf } from '../player.ts';
import {
  findPortalSessionWithLibrarySession,
  findRedeemedWithGrantSessionAndPlayer,
  findSessionWithClientGrantAndPlayer,
} from '../queries/read-ahead.ts';
import type { OidcClientApp, OidcPlayerRow } from '../queries/clients.ts';
import { sha256 } from '../../../lib/tokens.ts';
import { authOf, type AuthContext } from '../../sessions/session.ts';
import { oidcRequestInHand, type OidcRequest } from '../request-context.ts';

type Payload = Record<string, unknown>;
type PrefetchDeps = Pick<Deps, 'db' | 'clock' | 'config'>;
/** A record the adapter answers from what the request already read: `payload` undefined when it does not exist. */
export type Prefetched = { payload: Payload | undefined };

/** Redeeming one of these, the library reads its grant, its session (by uid) and the account next. */
const REDEEMED = new Set(['AuthorizationCode', 'RefreshToken']);
const byId = (model: string, id: string) => `${model} ${id}`;
const byUid = (model: string, uid: string) => `${model} uid ${uid}`;

function take(request: OidcRequest | undefined, key: string): Prefetched | undefined {
  const prefetched = request?.prefetched;
  if (!prefetched?.has(key)) return undefined;
  const payload = prefetched.get(key);
  prefetched.delete(key);
  return { payload };
}

/** What was read with the library's session: the grant it holds for the client, the client's app and the player `uid`. */
function keepWithSession(
  deps: PrefetchDeps,
  request: OidcRequest,
  { clientKey, uid }: { clientKey: string; uid: string | null },
  read: { session?: Payload; grant?: Payload; app: OidcClientApp | null; player: OidcPlayerRow | null },
): void {
  const authorization = (read.session?.authorizations as Record<string, { grantId?: unknown } | undefined> | undefined)?.[clientKey];
  request.prefetched ??= new Map();
  if (typeof authorization?.grantId === 'string') request.prefetched.set(byId('Grant', authorization.grantId), read.grant);
  const player = read.app && uid ? { uid, found: read.player ? oidcPlayerOf(deps, read.player, read.app) : null } : undefined;
  keepInRequest(request, clientKey, read.app, player);
}

/**
 * Opening its session at the authorization endpoint, the library next reads the client, the
 * account (findAccount, the interaction policy, loadExistingGrant) and the grant the session holds
 * for the client: all in the session's statement, for the client the query names and the player
 * the portal session names (the library's session is re-derived from it, portal-session.ts).
 */
async function sessionReadAhead(deps: PrefetchDeps, request: OidcRequest, id: string): Promise<Prefetched | undefined> {
  const clientKey = request.namedClient;
  if (!clientKey || !isStorableId(clientKey)) return undefined;
  const uid = request.auth?.user.uid ?? null;
  const read = await findSessionWithClientGrantAndPlayer(deps.db, { id, clientKey, uid }, deps.clock.now());
  keepWithSession(deps, request, { clientKey, uid }, read);
  return { payload: read.session };
}

/**
 * Before the library runs, for a browser whose request names a client and holds the library's session
 * cookie: the portal session (token `token`) is read in the statement that reads the library's session
 * ahead, and answered as the request's signed-in context (sessions/session.ts decides it, as for any
 * request). The library's session is read by the id its cookie names before the library checks the
 * cookie's signature, and kept under that id: the library is answered it only if it asks for that id.
 */
export async function readSessionsAhead(
  deps: PrefetchDeps,
  request: OidcRequest,
  { token, librarySessionId }: { token: string | undefined; librarySessionId: string },
): Promise<AuthContext | null> {
  const clientKey = request.namedClient!;
  const read = await findPortalSessionWithLibrarySession(
    deps.db,
    { tokenHash: token ? sha256(token) : null, id: librarySessionId, clientKey },
    deps.clock.now(),
  );
  const auth = await authOf(deps, read.portal);
  request.prefetched ??= new Map();
  request.prefetched.set(byId('Session', librarySessionId), read.session);
  keepWithSession(deps, request, { clientKey, uid: auth?.user.uid ?? null }, read);
  return auth;
}

/** Redeeming a code or refresh token: its grant, its session and the player, as the authenticated client sees them, in its statement. */
async function redeemedReadAhead(deps: PrefetchDeps, request: OidcRequest, model: string, id: string): Promise<Prefetched> {
  const app = request.authenticatedClient ? await clientApp(deps, request.authenticatedClient) : null;
  const read = await findRedeemedWithGrantSessionAndPlayer(deps.db, { model, id, appId: app?.id ?? null }, deps.clock.now());
  const { found } = read;
  request.prefetched ??= new Map();
  if (typeof found?.grantId === 'string') request.prefetched.set(byId('Grant', found.grantId), read.grant);
  if (typeof found?.sessionUid === 'string') request.prefetched.set(byUid('Session', found.sessionUid), read.session);
  if (app && typeof found?.accountId === 'string') {
    keepInRequest(request, app.key, app, { uid: found.accountId, found: read.player ? oidcPlayerOf(deps, read.player, app) : null });
  }
  return { payload: found };
}

/**
 * The library reads its records one at a time, a round trip each, in an order this knows: the
 * adapter's `find` asks here first. Undefined: no read ahead applies, read the record alone.
 */
export function findReadingAhead(deps: PrefetchDeps, model: string, id: string): Promise<Prefetched | undefined> | Prefetched | undefined {
  const request = oidcRequestInHand();
  if (!request) return undefined;
  const early = take(request, byId(model, id));
  if (early) return early;
  if (model === 'Session') return sessionReadAhead(deps, request, id);
  if (REDEEMED.has(model)) return redeemedReadAhead(deps, request, model, id);
  return undefined;
}

/** The adapter's `findByUid`: a session read ahead with its code or refresh token. */
export const findByUidReadAhead = (model: string, uid: string): Prefetched | undefined => take(oidcRequestInHand(), byUid(model, uid));

/** The library is about to change a record: a copy read ahead is no longer it (all of them with no `model`). */
export function forgetReadAhead(model?: string, id?: string, payload?: Payload): void {
  const prefetched = oidcRequestInHand()?.prefetched;
  if (!prefetched) return;
  if (!model || !id) return prefetched.clear();
  prefetched.delete(byId(model, id));
  if (typeof payload?.uid === 'string') prefetched.delete(byUid(model, payload.uid));
}
