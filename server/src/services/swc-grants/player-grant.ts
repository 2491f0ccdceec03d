import { AuditEvent, PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { normaliseScopes, scopesWithin, scopesWithout, unionScopes } from '../../domain/swc-scopes.ts';
import { SwcGrantGone, type SwcTokens } from '../../integrations/swcombine/client.ts';
import { Unavailable } from '../../lib/errors.ts';
import { findSwcTokens, storeUnusableSwcGrant, upsertSwcTokens, type SwcTokenRow } from './queries/swc-tokens.ts';
import { audit, type RequestMeta } from '../audit.ts';

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

/**
 * Stores what narrowGrant answered (the tokens, or no token and the scopes to grant again) over
 * `read`, the row as the caller read it: false, and nothing written, when another request changed
 * it since.
 */
export async function storeNarrowedGrant(
  deps: Pick<Deps, 'encryptor'> & { db: DbClient },
  userId: string,
  narrowed: NarrowedGrant,
  now: Date,
  read: SwcTokenRow | null,
  previouslyNeeded: string[] = read?.needs_reauthorization ?? [],
): Promise<boolean> {
  const expected = read?.version ?? null;
  if (narrowed.kind === 'kept') {
    return upsertSwcTokens(deps.db, {
      userId,
      accessTokenEnc: deps.encryptor.encrypt(narrowed.tokens.accessToken),
      refreshTokenEnc: narrowed.tokens.refreshToken ? deps.encryptor.encrypt(narrowed.tokens.refreshToken) : null,
      scopes: narrowed.tokens.scopes,
      expiresAt: narrowed.tokens.expiresAt,
      now,
      expected,
    });
  }
  return storeUnusableSwcGrant(deps.db, {
    userId,
    needsReauthorization: unionScopes(previouslyNeeded, narrowed.scopes),
    lostAt: null,
    now,
    expected,
  });
}

/** Another request changed the player's grant each time this one tried to store it. */
export class SwcGrantBusy extends Unavailable {
  constructor() {
    super('The player’s SWCombine permissions were changed by another request at the same time; try again in a moment.');
  }
}

const MAX_TRIES = 3;

/** The attempt read a row that another request changed before it could store: read again and redo. */
export const STALE = Symbol('stale');

/**
 * Runs `attempt` on the player's grant row as stored now; an attempt whose write found the row
 * changed (it answers STALE) is redone on the newer row, so a scope revoked meanwhile is neither
 * stored back nor handed out.
 */
export async function onCurrentGrant<T>(
  deps: Pick<Deps, 'db'>,
  userId: string,
  attempt: (row: SwcTokenRow | null) => Promise<T | typeof STALE>,
): Promise<T> {
  for (let i = 0; i < MAX_TRIES; i++) {
    const result = await attempt(await findSwcTokens(deps.db, userId));
    if (result !== STALE) return result;
  }
  throw new SwcGrantBusy();
}

/**
 * Narrows fresh tokens (sign-in, consent) to what `allowed` admits of the row as stored now and
 * stores them; when another request wrote first, narrows again to the newer row.
 */
export async function narrowAndStore(
  deps: Pick<Deps, 'db' | 'swc' | 'encryptor'>,
  userId: string,
  tokens: SwcTokens,
  allowed: (row: SwcTokenRow | null) => string[],
  now: Date,
): Promise<NarrowedGrant> {
  let last: NarrowedGrant | null = null;
  return onCurrentGrant(deps, userId, async (row) => {
    const previous = last;
    // A grant already revoked at SWCombine has nothing left to narrow: it is stored over the newer row as it is.
    const narrowed = previous?.kind === 'revoked' ? previous : await narrowGrant(deps, previous ? previous.tokens : tokens, allowed(row));
    if (await storeNarrowedGrant(deps, userId, narrowed, now, row)) return narrowed;
    last = narrowed;
    return STALE;
  });
}

/**
 * SWCombine refused the stored grant: keep no token, remember what the player must grant again,
 * audit it. False when a newer grant was stored meanwhile (it is not the one refused, and stays).
 */
export async function recordGrantLost(
  deps: Pick<Deps, 'db' | 'clock'>,
  row: SwcTokenRow,
  ctx: { meta: RequestMeta; appKey?: string; reason: string },
): Promise<boolean> {
  const now = deps.clock.now();
  const stored = await storeUnusableSwcGrant(deps.db, {
    userId: row.user_id,
    needsReauthorization: unionScopes(row.needs_reauthorization, row.scopes),
    lostAt: now,
    now,
    expected: row.version,
  });
  if (!stored) return false;
  await audit(deps.db, ctx.meta, {
    event: AuditEvent.SwcGrantLost,
    userId: row.user_id,
    appKey: ctx.appKey ?? PORTAL_APP_KEY,
    at: now,
    details: { reason: ctx.reason, scopes: row.scopes },
  });
  return true;
}
