import type { Deps } from '../../deps.ts';
import { hasLifeLeft } from '../../domain/swc-scopes.ts';
import { SwcGrantGone, swcFailureKind } from '../../integrations/swcombine/client.ts';
import { Refused, Unavailable } from '../../lib/errors.ts';
import type { SwcTokenRow } from './queries/swc-tokens.ts';
import type { RequestMeta } from '../audit.ts';
import { narrowGrant, onCurrentGrant, recordGrantLost, STALE, storeNarrowedGrant, type NarrowedGrant } from './player-grant.ts';

type TokenDeps = Pick<Deps, 'db' | 'clock' | 'swc' | 'encryptor'>;
type PlayerToken = { accessToken: string; scopes: string[]; expiresAt: Date };
type TokenContext = { minLifeMs: number; meta: RequestMeta; appKey: string };

/** The grant cannot be used: refused as the grant the caller relies on. */
const unusable = (message: string) => new Refused('unauthenticated', message);

/**
 * The player's SWCombine access token with at least `minLifeMs` to live, refreshed first when
 * needed (narrowed to the scopes the player holds here) and stored. When another request (a
 * revocation) changed the grant during the refresh, the refreshed token is dropped and the newer
 * row decides, so a scope revoked meanwhile is never handed out. Refused when the player has no
 * usable grant; Unavailable when SWCombine did not answer or other requests kept changing the grant.
 */
export async function livePlayerToken(deps: TokenDeps, userId: string, ctx: TokenContext): Promise<PlayerToken> {
  try {
    return await onCurrentGrant(deps, userId, (row) => tokenFrom(deps, userId, row, ctx));
  } catch (err) {
    const kind = swcFailureKind(err);
    if (kind === 'no-answer') throw new Unavailable(`SWCombine did not answer: ${(err as Error).message}`);
    // invalid_scope, invalid_client or a refused revocation while narrowing: the grant cannot be handed out.
    if (kind) throw unusable(`SWCombine refused the player’s grant: ${(err as Error).message}`);
    throw err;
  }
}

async function tokenFrom(deps: TokenDeps, userId: string, row: SwcTokenRow | null, ctx: TokenContext): Promise<PlayerToken | typeof STALE> {
  if (!row || !row.access_token_enc) {
    throw unusable(
      row?.grant_lost_at
        ? 'SWCombine no longer accepts the permissions the player granted.'
        : 'The player holds no SWCombine permissions the portal can use.',
    );
  }
  const now = deps.clock.now();
  if (hasLifeLeft(row.expires_at, now, ctx.minLifeMs)) {
    return { accessToken: deps.encryptor.decrypt(row.access_token_enc), scopes: row.scopes, expiresAt: row.expires_at };
  }
  if (!row.refresh_token_enc) throw unusable('The player’s SWCombine token expired and cannot be refreshed; they must sign in again.');
  let narrowed: NarrowedGrant;
  try {
    const refreshed = await deps.swc.refresh(deps.encryptor.decrypt(row.refresh_token_enc), row.scopes);
    narrowed = await narrowGrant(deps, refreshed, row.scopes);
  } catch (err) {
    if (!(err instanceof SwcGrantGone)) throw err;
    if (!(await recordGrantLost(deps, row, { meta: ctx.meta, appKey: ctx.appKey, reason: err.message }))) return STALE;
    throw unusable('SWCombine no longer accepts the permissions the player granted.');
  }
  if (!(await storeNarrowedGrant(deps, userId, narrowed, now, row))) return STALE;
  if (narrowed.kind === 'revoked') throw unusable('SWCombine could not narrow the player’s grant, so the portal revoked it.');
  return { accessToken: narrowed.tokens.accessToken, scopes: narrowed.tokens.scopes, expiresAt: narrowed.tokens.expiresAt };
}
