import { AuditEvent, isSwcSignInScope, PORTAL_APP_KEY, SWC_SIGN_IN_SCOPE_REASON, type SwcConsents } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { normaliseScopes, scopesWithout, unionScopes } from '../../domain/swc-scopes.ts';
import { SwcGrantGone, swcFailureKind } from '../../integrations/swcombine/client.ts';
import { NotFound, Refused, Unavailable } from '../../lib/errors.ts';
import { findSwcTokens, storeUnusableSwcGrant, type SwcTokenRow } from './queries/swc-tokens.ts';
import { audit, type RequestMeta } from '../audit.ts';
import type { AuthContext } from '../sessions/session.ts';
import { startUpstreamAuthorization } from '../swcombine/authorization.ts';
import {
  narrowGrant,
  onCurrentGrant,
  recordGrantLost,
  STALE,
  storeNarrowedGrant,
  SwcGrantBusy,
  type NarrowedGrant,
} from './player-grant.ts';

const consentsPage = (deps: Pick<Deps, 'config'>) => `${deps.config.publicUrl}/swc/consents`;

export async function listSwcConsents(deps: Pick<Deps, 'db'>, userId: string): Promise<SwcConsents> {
  const row = await findSwcTokens(deps.db, userId);
  return {
    scopes: normaliseScopes(row?.scopes ?? []),
    needsReauthorization: normaliseScopes(row?.needs_reauthorization ?? []),
    grantGone: row?.grant_lost_at != null,
  };
}

/**
 * Sends the player to SWCombine to grant `scopes` on top of what they hold: the request names
 * the union (lowercase) with offline access and keeps earlier grants; the state is bound to
 * this browser and to this player.
 */
export async function startSwcConsent(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'config'>,
  auth: AuthContext,
  scopes: string[],
): Promise<{ url: string; state: string }> {
  const row = await findSwcTokens(deps.db, auth.user.id);
  const asked = unionScopes(row?.scopes ?? [], scopes);
  return startUpstreamAuthorization(deps, {
    purpose: 'swc_consent',
    payload: { userId: auth.user.id, scopes: asked },
    rd: consentsPage(deps),
    scopes: asked,
    accessType: 'offline',
    renewPreviouslyGranted: true,
  });
}

/**
 * Revokes one scope. SWCombine revokes whole grants only, so the access token is narrowed by a
 * refresh naming the remaining scopes; when SWCombine still answers the scope, the grant is
 * revoked and the remaining scopes wait for the player to authorize them again. A token exchange
 * or sign-in that changes the grant meanwhile makes it start over on the newer row.
 */
export async function revokeSwcConsent(
  deps: Pick<Deps, 'db' | 'clock' | 'swc' | 'encryptor'>,
  auth: AuthContext,
  scope: string,
  meta: RequestMeta,
): Promise<SwcConsents> {
  if (isSwcSignInScope(scope)) throw new Refused('invalid', `${scope}: ${SWC_SIGN_IN_SCOPE_REASON}`);
  const userId = auth.user.id;
  const now = deps.clock.now();
  const auditRevoked = (details: Record<string, unknown>) =>
    audit(deps.db, meta, { event: AuditEvent.SwcConsentRevoked, userId, appKey: PORTAL_APP_KEY, at: now, details: { scope, ...details } });

  async function revokeFrom(row: SwcTokenRow | null): Promise<'done' | typeof STALE> {
    const stillNeeded = scopesWithout(row?.needs_reauthorization ?? [], [scope]);
    if (row && row.needs_reauthorization.includes(scope) && !row.scopes.includes(scope)) {
      // Not held any more: the player just no longer wants it back.
      const stored = await storeUnusableSwcGrant(deps.db, {
        userId,
        needsReauthorization: stillNeeded,
        lostAt: row.grant_lost_at,
        now,
        expected: row.version,
      });
      if (!stored) return STALE;
      await auditRevoked({ pending: true });
      return 'done';
    }
    if (!row || !row.access_token_enc || !row.scopes.includes(scope)) throw new NotFound(`You have not granted ${scope} to the portal.`);
    const remaining = scopesWithout(row.scopes, [scope]);
    try {
      const narrowed: NarrowedGrant = row.refresh_token_enc
        ? await narrowGrant(deps, await deps.swc.refresh(deps.encryptor.decrypt(row.refresh_token_enc), remaining), remaining)
        : (await deps.swc.revoke(deps.encryptor.decrypt(row.access_token_enc)), { kind: 'revoked', scopes: remaining });
      if (!(await storeNarrowedGrant(deps, userId, narrowed, now, row, stillNeeded))) return STALE;
      await auditRevoked({ grantRevoked: narrowed.kind === 'revoked' });
      return 'done';
    } catch (err) {
      if (!(err instanceof SwcGrantGone)) throw err;
      const lost = { ...row, scopes: remaining, needs_reauthorization: stillNeeded };
      return (await recordGrantLost(deps, lost, { meta, reason: err.message })) ? 'done' : STALE;
    }
  }

  try {
    await onCurrentGrant(deps, userId, revokeFrom);
  } catch (err) {
    if (swcFailureKind(err) || err instanceof SwcGrantBusy) {
      throw new Unavailable(`SWCombine did not answer the revocation, so nothing changed: ${(err as Error).message}`);
    }
    throw err;
  }
  return listSwcConsents(deps, userId);
}
