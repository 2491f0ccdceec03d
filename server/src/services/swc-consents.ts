import { AuditEvent, ErrorCode, isSwcSignInScope, PORTAL_APP_KEY, SWC_SIGN_IN_SCOPE_REASON, type SwcConsents } from '@portal/contract';
import type { Deps } from '../deps.ts';
import { normaliseScopes, scopesWithout, unionScopes } from '../domain/swc-scopes.ts';
import { SwcAuthError, SwcGrantGone, SwcUpstreamError } from '../integrations/swcombine/client.ts';
import { badRequest, HttpError, notFound } from '../lib/errors.ts';
import { findAppByAudience } from '../queries/apps.ts';
import { findSwcTokens, storeUnusableSwcGrant } from '../queries/swc-tokens.ts';
import { audit, type RequestMeta } from './audit.ts';
import { LoginDenied, LoginFailed, type PageLink } from './login.ts';
import type { CallbackInput, CallbackOutcome } from './oauth-callback.ts';
import type { AuthContext } from './sessions.ts';
import { narrowGrant, recordGrantLost, storeNarrowedGrant } from './swc-player-grant.ts';
import { startUpstreamAuthorization } from './upstream-authorization.ts';

export const consentsPage = (deps: Pick<Deps, 'config'>) => `${deps.config.publicUrl}/swc/consents`;

const unavailable = (message: string) => new HttpError(503, ErrorCode.Unavailable, message);

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
export async function startSwcConsent(deps: Deps, auth: AuthContext, scopes: string[]): Promise<{ url: string; state: string }> {
  const row = await findSwcTokens(deps.db, auth.user.id);
  const asked = unionScopes(row?.scopes ?? [], scopes);
  const portal = await findAppByAudience(deps.db, PORTAL_APP_KEY);
  if (!portal) throw new Error('the portal app is missing');
  return startUpstreamAuthorization(deps, {
    purpose: 'swc_consent',
    payload: { userId: auth.user.id, scopes: asked },
    appId: portal.id,
    rd: consentsPage(deps),
    scopes: asked,
    accessType: 'offline',
    renewPreviouslyGranted: true,
  });
}

const failedPage = (rd: string): { title: string; back: PageLink } => ({
  title: 'Permissions not updated',
  back: { href: rd, label: 'Back to SWC consents' },
});

/** The SWC consent purpose of the OAuth callback: the same player stores what SWCombine granted. */
export async function completeSwcConsent(deps: Deps, input: CallbackInput): Promise<CallbackOutcome> {
  const { attempt, now } = input;
  const rd = attempt.rd;
  const userId = typeof attempt.payload.userId === 'string' ? attempt.payload.userId : null;
  const asked = Array.isArray(attempt.payload.scopes) ? normaliseScopes(attempt.payload.scopes.map(String)) : [];
  if (!userId || input.current?.user.id !== userId) {
    throw new LoginFailed(
      'This SWCombine authorization was started by another player, or your session ended. Sign in and try again.',
      failedPage(rd),
    );
  }
  const user = input.current.user;
  let tokens;
  try {
    tokens = await deps.swc.exchangeCallback(input.url, input.state, `${deps.config.publicUrl}/auth/callback`);
  } catch (err) {
    if (err instanceof SwcAuthError && err.code === 'access_denied') {
      throw new LoginDenied('You declined at SWCombine, so your permissions did not change.', 'Permissions not changed', {
        href: rd,
        label: 'Back to SWC consents',
      });
    }
    throw new LoginFailed(`SWCombine did not complete the authorization: ${(err as Error).message}`, failedPage(rd));
  }
  const info = await deps.swc.tokenInfo(tokens.accessToken).catch((err: Error) => {
    throw new LoginFailed(`SWCombine did not say who granted the permissions: ${err.message}`, failedPage(rd));
  });
  if (info.uid !== user.uid) {
    await deps.swc.revoke(tokens.refreshToken ?? tokens.accessToken).catch(() => undefined);
    throw new LoginFailed(
      `You granted the permissions as another character at SWCombine; sign in there as ${user.name} and try again.`,
      failedPage(rd),
    );
  }
  const row = await findSwcTokens(deps.db, user.id);
  const grant = await narrowGrant(deps, tokens, asked);
  await storeNarrowedGrant(deps, user.id, grant, now, row?.needs_reauthorization);
  await audit(deps.db, input.meta, {
    event: AuditEvent.SwcConsentGranted,
    userId: user.id,
    appKey: PORTAL_APP_KEY,
    at: now,
    details: grant.kind === 'kept' ? { asked, granted: grant.tokens.scopes } : { asked, granted: [], grantRevoked: true },
  });
  return { rd };
}

/**
 * Revokes one scope. SWCombine revokes whole grants only, so the access token is narrowed by a
 * refresh naming the remaining scopes; when SWCombine still answers the scope, the grant is
 * revoked and the remaining scopes wait for the player to authorize them again.
 */
export async function revokeSwcConsent(deps: Deps, auth: AuthContext, scope: string, meta: RequestMeta): Promise<SwcConsents> {
  if (isSwcSignInScope(scope)) throw badRequest(`${scope}: ${SWC_SIGN_IN_SCOPE_REASON}`);
  const userId = auth.user.id;
  const now = deps.clock.now();
  const row = await findSwcTokens(deps.db, userId);
  const auditRevoked = (details: Record<string, unknown>) =>
    audit(deps.db, meta, { event: AuditEvent.SwcConsentRevoked, userId, appKey: PORTAL_APP_KEY, at: now, details: { scope, ...details } });

  if (row && row.needs_reauthorization.includes(scope) && !row.scopes.includes(scope)) {
    // Not held any more: the player just no longer wants it back.
    await storeUnusableSwcGrant(deps.db, {
      userId,
      needsReauthorization: scopesWithout(row.needs_reauthorization, [scope]),
      lostAt: row.grant_lost_at,
      now,
    });
    await auditRevoked({ pending: true });
    return listSwcConsents(deps, userId);
  }
  if (!row || !row.access_token_enc || !row.scopes.includes(scope)) throw notFound(`You have not granted ${scope} to the portal.`);

  const remaining = scopesWithout(row.scopes, [scope]);
  const refreshToken = row.refresh_token_enc ? deps.encryptor.decrypt(row.refresh_token_enc) : null;
  const accessToken = deps.encryptor.decrypt(row.access_token_enc);
  try {
    const refreshed = refreshToken ? await deps.swc.refresh(refreshToken, remaining) : null;
    const grant = refreshed
      ? await narrowGrant(deps, refreshed, remaining)
      : (await deps.swc.revoke(accessToken), { kind: 'revoked' as const, scopes: remaining });
    await storeNarrowedGrant(deps, userId, grant, now, scopesWithout(row.needs_reauthorization, [scope]));
    await auditRevoked({ grantRevoked: grant.kind === 'revoked' });
  } catch (err) {
    if (err instanceof SwcGrantGone) {
      await recordGrantLost(
        deps,
        { ...row, scopes: remaining, needs_reauthorization: scopesWithout(row.needs_reauthorization, [scope]) },
        { meta, reason: err.message },
      );
      return listSwcConsents(deps, userId);
    }
    if (err instanceof SwcUpstreamError || err instanceof SwcAuthError) {
      throw unavailable(`SWCombine did not answer the revocation, so nothing changed: ${err.message}`);
    }
    throw err;
  }
  return listSwcConsents(deps, userId);
}
