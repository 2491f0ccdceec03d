import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { SwcAuthError, SwcBudgetExhausted, SwcUpstreamError } from '../../integrations/swcombine/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { OAuthError } from '../../services/app-access/token-exchange.ts';

export const sendOAuthError = (reply: FastifyReply, err: OAuthError) =>
  reply
    .code(err.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send({ error: err.code, error_description: err.message });

const RETRY_AFTER_S = '5';

/** Any failure of an OAuth endpoint as RFC 6749 §5.2 says: `{ error, error_description }`, never `{ error, message }`. */
export function toOAuthError(err: Error & { statusCode?: number }): OAuthError {
  if (err instanceof OAuthError) return err;
  if (isDatabaseUnavailable(err))
    return new OAuthError(503, 'temporarily_unavailable', 'The database is not answering; try again in a moment.');
  if (err instanceof SwcUpstreamError || err instanceof SwcBudgetExhausted) {
    return new OAuthError(503, 'temporarily_unavailable', `SWCombine did not answer: ${err.message}`);
  }
  if (err instanceof SwcAuthError) return new OAuthError(400, 'invalid_grant', `SWCombine refused the player’s grant: ${err.message}`);
  const status = err instanceof HttpError ? err.statusCode : err.statusCode;
  if (status === 429) return new OAuthError(429, 'slow_down', `Too many token requests from this app: ${err.message}`);
  if (status && status >= 400 && status < 500) return new OAuthError(status, 'invalid_request', err.message);
  return new OAuthError(500, 'server_error', 'Something went wrong on our side. Please try again.');
}

/** The route's own error handler, so that hooks (rate limit, body checks) and outages answer in OAuth's shape too. */
export function oauthErrorHandler(err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  const oauth = toOAuthError(err);
  if (oauth.status >= 500) request.log[oauth.status === 500 ? 'error' : 'warn']({ err }, 'token endpoint failed');
  if (oauth.status === 503) reply.header('retry-after', RETRY_AFTER_S);
  return sendOAuthError(reply, oauth);
}
