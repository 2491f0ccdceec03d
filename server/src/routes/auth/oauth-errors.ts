import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/database-unavailable.ts';
import { Refused, Unavailable, type RefusalReason } from '../../lib/errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../plugins/error-handler.ts';

/** An RFC 6749 §5.2 error answer: `code` is the OAuth error code. */
export class OAuthError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
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
  return reply
    .code(oauth.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: oauth.code, error_description: oauth.message });
}
