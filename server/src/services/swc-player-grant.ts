import { AuditEvent, PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';
import type { Deps } from '../deps.ts';
import { hasLifeLeft, normaliseScopes, scopesWithin, scopesWithout, unionScopes } from '../domain/swc-scopes.ts';
import { SwcGrantGone, type SwcTokens } from '../integrations/swcombine/client.ts';
import { findSwcTokens, storeUnusableSwcGrant, upsertSwcTokens, type SwcTokenRow } from '../queries/swc-tokens.ts';
import { audit, type RequestMeta } from './audit.ts';

/** Tokens that carry only scopes the player holds here, or the scopes lost with a grant the portal had to revoke. */
export type NarrowedGrant = { kind: 'kept'; tokens: SwcTokens } | { kind: 'revoked'; scopes: string[] };

/**
 * SWCombine revokes whole grants, not scopes, and keeps earlier scopes when asked to
 * (renew_previously_granted), so an answer can carry a scope the player revoked here. The access
 * token is then narrowed by a refresh naming only `allowed` (RFC 6749 §6); when SWCombine still
 * answers a scope outside it, the whole grant is revoked rather than kept with that scope.
 */
export async function narrowGrant(deps: Pick<Deps, 'swc'>, tokens: SwcTokens, allowed: string[]): Promise<NarrowedGrant> {
  const wanted = scopesWithin(tokens.scopes, allowed);
  if (scopesWithout(tokens.scopes, allowed).length === 0) return { kind: 'kept', tokens: { ...tokens, scopes: wanted } };
  if (tokens.refreshToken && wanted.length > 0) {
    try {
      const narrowed = await deps.swc.refresh(tokens.refreshToken, wanted);
      if (scopesWithout(narrowed.scopes, allowed).length === 0) {
        return { kind: 'kept', tokens: { ...narrowed, scopes: normaliseScopes(narrowed.scopes) } };
      }
    } catch (err) {
      if (!(err instanceof SwcGrantGone)) throw err;
      return { kind: 'revoked', scopes: wanted };
    }
  }
  await deps.swc.revoke(tokens.refreshToken ?? tokens.accessToken);
  return { kind: 'revoked', scopes: wanted };
}

/** Stores what narrowGrant answered: the tokens, or no token and the scopes to grant again. */
export async function storeNarrowedGrant(
  deps: { db: DbClient; encryptor: Deps['encryptor'] },
  userId: string,
  grant: NarrowedGrant,
  now: Date,
  previouslyNeeded: string[] = [],
): Promise<void> {
  if (grant.kind === 'kept') {
    await upsertSwcTokens(deps.db, {
      userId,
      accessTokenEnc: deps.encryptor.encrypt(grant.tokens.accessToken),
      refreshTokenEnc: grant.tokens.refreshToken ? deps.encryptor.encrypt(grant.tokens.refreshToken) : null,
      scopes: grant.tokens.scopes,
      expiresAt: grant.tokens.expiresAt,
      now,
    });
  } else {
    await storeUnusableSwcGrant(deps.db, { userId, needsReauthorization: unionScopes(previouslyNeeded, grant.scopes), lostAt: null, now });
  }
}

/** SWCombine refused the stored grant: keep no token, remember what the player must grant again, audit it. */
export async function recordGrantLost(
  deps: Pick<Deps, 'db' | 'clock'>,
  row: SwcTokenRow,
  ctx: { meta: RequestMeta; appKey?: string; reason: string },
): Promise<void> {
  const now = deps.clock.now();
  await storeUnusableSwcGrant(deps.db, {
    userId: row.user_id,
    needsReauthorization: unionScopes(row.needs_reauthorization, row.scopes),
    lostAt: now,
    now,
  });
  await audit(deps.db, ctx.meta, {
    event: AuditEvent.SwcGrantLost,
    userId: row.user_id,
    appKey: ctx.appKey ?? PORTAL_APP_KEY,
    at: now,
    details: { reason: ctx.reason, scopes: row.scopes },
  });
}

/** The player's SWCombine access token cannot be used: no grant, a lost grant, or no way to refresh. */
export class SwcGrantUnavailable extends Error {}

/**
 * The player's SWCombine access token with at least `minLifeMs` to live, refreshed first when
 * needed (narrowed to the scopes the player holds here) and stored.
 */
export async function livePlayerToken(
  deps: Deps,
  userId: string,
  ctx: { minLifeMs: number; meta: RequestMeta; appKey: string },
): Promise<{ accessToken: string; scopes: string[]; expiresAt: Date }> {
  const row = await findSwcTokens(deps.db, userId);
  if (!row || !row.access_token_enc) {
    throw new SwcGrantUnavailable(
      row?.grant_lost_at
        ? 'SWCombine no longer accepts the permissions the player granted.'
        : 'The player holds no SWCombine permissions the portal can use.',
    );
  }
  const now = deps.clock.now();
  if (hasLifeLeft(row.expires_at, now, ctx.minLifeMs)) {
    return { accessToken: deps.encryptor.decrypt(row.access_token_enc), scopes: row.scopes, expiresAt: row.expires_at };
  }
  if (!row.refresh_token_enc)
    throw new SwcGrantUnavailable('The player’s SWCombine token expired and cannot be refreshed; they must sign in again.');
  let grant: NarrowedGrant;
  try {
    const refreshed = await deps.swc.refresh(deps.encryptor.decrypt(row.refresh_token_enc), row.scopes);
    grant = await narrowGrant(deps, refreshed, row.scopes);
  } catch (err) {
    if (!(err instanceof SwcGrantGone)) throw err;
    await recordGrantLost(deps, row, { meta: ctx.meta, appKey: ctx.appKey, reason: err.message });
    throw new SwcGrantUnavailable('SWCombine no longer accepts the permissions the player granted.');
  }
  await storeNarrowedGrant(deps, userId, grant, now, row.needs_reauthorization);
  if (grant.kind === 'revoked') throw new SwcGrantUnavailable('SWCombine could not narrow the player’s grant, so the portal revoked it.');
  return { accessToken: grant.tokens.accessToken, scopes: grant.tokens.scopes, expiresAt: grant.tokens.expiresAt };
}
