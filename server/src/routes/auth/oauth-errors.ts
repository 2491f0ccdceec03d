import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/database-unavailable.ts';
import { Refused, Unavailable, type RefusalReason } from '../../lib/errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler.ts';

/** An RFC 6749 §5.2 error answer: `code` is the OAuth error code; `challenge` the scheme a 401 names in WWW-Authenticate. */
export class OAuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly challenge?: 'Basic' | 'Bearer';
  constructor(status: number, code: string, message: string, challenge?: 'Basic' | 'Bearer') {
    super(message);
    this.status = status;
    this.code = code;
    this.challenge = challenge;
  }
}

/** The WWW-Authenticate value a 401 owes (RFC 6750 §3, RFC 6749 §5.2): one line of printable ASCII. */
export function challengeHeader(challenge: 'Basic' | 'Bearer', error: string, description: string): string {
  const words = description.replace(/[^\x20-\x7e]/g, '?').replace(/"/g, "'");
  return `${challenge} realm="portal", error="${error}", error_description="${words}"`;
}

/**
 * Refusals of a token exchange: the subject token, or what it stands for (the session, the app's
 * admission of the player, the player's SWCombine grant), is the grant; the app is the client.
 */
const REFUSALS: Record<RefusalReason, string> = {
  invalid: 'invalid_request',
  unauthenticated: 'invalid_grant',
  declined: 'invalid_grant',
  forbidden: 'unauthorized_client',
};

const RETRY_AFTER_S = '5';

/** Any failure of an OAuth endpoint as RFC 6749 §5.2 says: `{ error, error_description }`, never `{ error, message }`. */
export function toOAuthError(err: Error & { statusCode?: number }): OAuthError {
  if (err instanceof OAuthError) return err;
  if (err instanceof Refused) return new OAuthError(400, REFUSALS[err.reason], err.message);
  if (err instanceof Unavailable) return new OAuthError(503, 'temporarily_unavailable', err.message);
  if (isDatabaseUnavailable(err)) return new OAuthError(503, 'temporarily_unavailable', DATABASE_UNAVAILABLE_MESSAGE);
  // The framework's refusals (rate limit, body type or size) carry their status.
  const status = err.statusCode;
  if (status === 429) return new OAuthError(429, 'slow_down', `Too many token requests from this app: ${err.message}`);
  if (status && status >= 400 && status < 500) return new OAuthError(status, 'invalid_request', err.message);
  return new OAuthError(500, 'server_error', 'Something went wrong on our side. Please try again.');
}

/** The route's own error handler, so that hooks (rate limit, body checks) and outages answer in OAuth's shape too. */
export function oauthErrorHandler(err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  const oauth = toOAuthError(err);
  if (oauth.status >= 500) request.log[oauth.status === 500 ? 'error' : 'warn']({ err }, 'token endpoint failed');
  if (oauth.status === 503) reply.header('retry-after', RETRY_AFTER_S);
  if (oauth.challenge) reply.header('www-authenticate', challengeHeader(oauth.challenge, oauth.code, oauth.message));
  return reply
    .code(oauth.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: oauth.code, error_description: oauth.message });
}
