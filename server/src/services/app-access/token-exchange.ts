import { ACCESS_TOKEN_TYPE, AuditEvent, TOKEN_EXCHANGE_GRANT, type TokenExchangeAnswer, type TokenExchangeRequest } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { decideAccess } from '../../domain/access.ts';
import { isGlobalAdmin } from '../../domain/admin.ts';
import { isSessionLive } from '../../domain/session-expiry.ts';
import { MIN_HANDED_OUT_TOKEN_LIFE_MS } from '../../domain/swc-scopes.ts';
import { SwcAuthError, SwcUpstreamError } from '../../integrations/swcombine/client.ts';
import { findExchangeSubject } from '../../queries/token-exchange.ts';
import { audit, type RequestMeta } from '../audit.ts';
import { PortalTokenRejected, verifyPortalAccessToken } from '../tokens/portal-jwt.ts';
import { livePlayerToken, SwcGrantBusy, SwcGrantUnavailable } from '../swc-grants/player-grant.ts';

/** An RFC 6749 §5.2 refusal: `code` is the OAuth error code. */
export class OAuthError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const invalidRequest = (m: string) => new OAuthError(400, 'invalid_request', m);
const invalidGrant = (m: string) => new OAuthError(400, 'invalid_grant', m);

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
  let payload;
  try {
    payload = await verifyPortalAccessToken(deps, token, { requiredClaims: ['exp', 'sid', 'client_id', 'aud', 'sub'] });
  } catch (err) {
    if (!(err instanceof PortalTokenRejected)) throw err;
    if (err.problem === 'expired') throw invalidGrant('The subject token expired; ask /auth/verify for a new one.');
    throw invalidGrant('The subject token is not an access token this portal issued.');
  }
  const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
  const { sid, client_id: clientId } = payload as { sid?: unknown; client_id?: unknown };
  if (typeof sid !== 'string' || typeof clientId !== 'string' || typeof aud !== 'string' || typeof payload.sub !== 'string') {
    throw invalidGrant('The subject token does not name a session and an app.');
  }
  return { clientId, audience: aud, sid, sub: payload.sub };
}

/** The request's shape (RFC 8693 §2.1) beyond what the schema checks. */
export function checkExchangeRequest(body: TokenExchangeRequest): void {
  if (body.grant_type !== TOKEN_EXCHANGE_GRANT) {
    throw new OAuthError(400, 'unsupported_grant_type', `Only grant_type=${TOKEN_EXCHANGE_GRANT} is supported here.`);
  }
  if (body.subject_token_type !== ACCESS_TOKEN_TYPE) throw invalidRequest(`subject_token_type must be ${ACCESS_TOKEN_TYPE}.`);
  if (body.requested_token_type !== undefined && body.requested_token_type !== ACCESS_TOKEN_TYPE) {
    throw invalidRequest(`requested_token_type may only be ${ACCESS_TOKEN_TYPE}.`);
  }
}

/**
 * RFC 8693 token exchange: an app trades the access token the portal gave it for the signed-in
 * player's SWCombine access token, when the player switched the automation token on and the app
 * is allowed delegated tokens. The token has at least five minutes to live; every exchange is audited.
 */
export async function exchangeForSwcToken(deps: Deps, subject: ExchangeSubject, meta: RequestMeta): Promise<TokenExchangeAnswer> {
  const now = deps.clock.now();
  const row = await findExchangeSubject(deps.db, { sid: subject.sid, appKey: subject.clientId, audience: subject.audience });
  if (!row || row.uid !== subject.sub) throw invalidGrant('The subject token names no session or app this portal knows.');
  if (!isSessionLive(row, now)) throw invalidGrant('The player’s session has ended.');
  const access = decideAccess({
    app: { key: row.app_key, skip_uid_whitelist: row.skip_uid_whitelist, allow_global_admin: row.allow_global_admin },
    status: row.access_status,
    isGlobalAdmin: isGlobalAdmin(row.uid, row.portal_roles, deps.config.adminUids),
  });
  // The subject token may be up to five minutes old: a suspension or revocation since then counts.
  if (!access.allowed) throw invalidGrant(`The app ${row.app_key} no longer admits the player: ${access.reason}`);
  if (!row.allow_delegated_swc_token) {
    throw new OAuthError(400, 'unauthorized_client', `The app ${row.app_key} is not allowed delegated SWCombine tokens.`);
  }
  if (!row.automation_token_enabled) throw invalidGrant('The player has not switched on the SWC automation token.');
  let token;
  try {
    token = await livePlayerToken(deps, row.user_id, { minLifeMs: MIN_HANDED_OUT_TOKEN_LIFE_MS, meta, appKey: row.app_key });
  } catch (err) {
    if (err instanceof SwcGrantUnavailable) throw invalidGrant(err.message);
    if (err instanceof SwcUpstreamError) throw new OAuthError(503, 'temporarily_unavailable', `SWCombine did not answer: ${err.message}`);
    if (err instanceof SwcGrantBusy) throw new OAuthError(503, 'temporarily_unavailable', err.message);
    // invalid_scope, invalid_client or a refused revocation while narrowing: the grant cannot be handed out.
    if (err instanceof SwcAuthError) throw invalidGrant(`SWCombine refused the player’s grant: ${err.message}`);
    throw err;
  }
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
