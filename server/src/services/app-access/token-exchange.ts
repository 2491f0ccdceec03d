import { ACCESS_TOKEN_TYPE, AuditEvent, type TokenExchangeAnswer } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { decideFor } from '../../domain/access.ts';
import { isGlobalAdmin } from '../../domain/admin.ts';
import { isSessionLive } from '../../domain/session-expiry.ts';
import { MIN_HANDED_OUT_TOKEN_LIFE_MS } from '../../domain/swc-scopes.ts';
import { Refused } from '../../lib/errors.ts';
import { findExchangeSubject } from './queries/token-exchange.ts';
import { audit, type RequestMeta } from '../audit.ts';
import { livePlayerToken } from '../swc-grants/player-token.ts';
import { verifyPortalAccessToken } from '../tokens/portal-jwt.ts';

/** The subject token, or what it stands for, cannot be exchanged (OAuth's invalid_grant). */
const badGrant = (message: string) => new Refused('unauthenticated', message);

/** What a verified subject token says: the app it was issued to and the session it speaks for. */
export interface ExchangeSubject {
  clientId: string;
  audience: string;
  sid: string;
  sub: string;
}

/**
 * Checks an at+jwt the portal issued at /auth/verify: signature against the portal's published
 * keys, `typ`, issuer and expiry (by the portal's clock).
 */
export async function verifySubjectToken(deps: Pick<Deps, 'keys' | 'config' | 'clock'>, token: string): Promise<ExchangeSubject> {
  const checked = await verifyPortalAccessToken(deps, token, { requiredClaims: ['exp', 'sid', 'client_id', 'aud', 'sub'] });
  if ('problem' in checked) {
    if (checked.problem === 'expired') throw badGrant('The subject token expired; ask /auth/verify for a new one.');
    throw badGrant('The subject token is not an access token this portal issued.');
  }
  const { payload } = checked;
  const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
  const { sid, client_id: clientId } = payload as { sid?: unknown; client_id?: unknown };
  if (typeof sid !== 'string' || typeof clientId !== 'string' || typeof aud !== 'string' || typeof payload.sub !== 'string') {
    throw badGrant('The subject token does not name a session and an app.');
  }
  return { clientId, audience: aud, sid, sub: payload.sub };
}

/**
 * RFC 8693 token exchange: an app trades the access token the portal gave it for the signed-in
 * player's SWCombine access token, when the player switched the automation token on and the app
 * is allowed delegated tokens. The token has at least five minutes to live; every exchange is audited.
 */
export async function exchangeForSwcToken(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'swc' | 'encryptor'>,
  subject: ExchangeSubject,
  meta: RequestMeta,
): Promise<TokenExchangeAnswer> {
  const now = deps.clock.now();
  const row = await findExchangeSubject(deps.db, { sid: subject.sid, appKey: subject.clientId, audience: subject.audience });
  if (!row || row.uid !== subject.sub) throw badGrant('The subject token names no session or app this portal knows.');
  if (!isSessionLive(row, now)) throw badGrant('The player’s session has ended.');
  const app = { key: row.app_key, skip_uid_whitelist: row.skip_uid_whitelist, allow_global_admin: row.allow_global_admin };
  const access = decideFor(app, row, isGlobalAdmin(row.uid, row.portal_roles, deps.config.adminUids), now);
  // The subject token may be up to five minutes old: a suspension or revocation since then counts.
  if (!access.allowed) throw badGrant(`The app ${row.app_key} no longer admits the player: ${access.reason}`);
  if (!row.allow_delegated_swc_token) {
    throw new Refused('forbidden', `The app ${row.app_key} is not allowed delegated SWCombine tokens.`);
  }
  if (!row.automation_token_enabled) throw badGrant('The player has not switched on the SWC automation token.');
  const token = await livePlayerToken(deps, row.user_id, { minLifeMs: MIN_HANDED_OUT_TOKEN_LIFE_MS, meta, appKey: row.app_key });
  await audit(deps.db, meta, {
    event: AuditEvent.SwcTokenExchanged,
    userId: row.user_id,
    appKey: row.app_key,
    at: now,
    details: { scopes: token.scopes, sid: subject.sid },
  });
  return {
    access_token: token.accessToken,
    issued_token_type: ACCESS_TOKEN_TYPE,
    token_type: 'Bearer',
    expires_in: Math.max(0, Math.floor((token.expiresAt.getTime() - now.getTime()) / 1000)),
    scope: token.scopes.join(' '),
  };
}
