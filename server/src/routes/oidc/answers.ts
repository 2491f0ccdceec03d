import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/http-error.ts';
import { apiAnswerOf } from '../../plugins/error-handler.ts';
import { stopPage } from '../../services/oidc/stop-page.ts';
import { challengeHeader, OAuthError } from '../auth/oauth-errors.ts';

// The one shape of a refusal in the OpenID Provider's area, whoever refuses (a route, a guard, the
// library): a program gets OAuth's JSON (RFC 6749 §5.2) `{ error, error_description }`, never
// cached; a browser gets the stop page (services/oidc/stop-page.ts). The library answers the same
// JSON itself, and renders the same page (configuration.ts, renderError).

export interface OAuthAnswer {
  status: number;
  error: string;
  description: string;
  retryAfter?: number;
}

/** The OAuth answer to a failure: its own code for an OAuthError and the portal's guards (`forbidden`, …), else by its status. */
export function oauthAnswerOf(err: Error & { statusCode?: number }, request: FastifyRequest): OAuthAnswer {
  if (err instanceof OAuthError) return { status: err.status, error: err.code, description: err.message };
  const api = apiAnswerOf(err, request);
  const error =
    err instanceof HttpError
      ? err.error
      : api.status === 429
        ? 'slow_down'
        : api.status === 503
          ? 'temporarily_unavailable'
          : api.status >= 500
            ? 'server_error'
            : 'invalid_request';
  return { status: api.status, error, description: api.message, retryAfter: api.retryAfter };
}

/** The body of every OAuth error answer in the area. */
export const oauthErrorBody = (error: string, description: string) => ({ error, error_description: description });

/** OAuth's JSON error answer; `challenge` adds the WWW-Authenticate header a 401 owes (RFC 6750 §3, RFC 6749 §5.2). */
export function sendOAuthError(reply: FastifyReply, answer: OAuthAnswer, challenge?: 'Basic' | 'Bearer') {
  if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
  if (challenge) reply.header('www-authenticate', challengeHeader(challenge, answer.error, answer.description));
  return reply
    .code(answer.status)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .send(oauthErrorBody(answer.error, answer.description));
}

/** The stop page, never a redirect (the app's return address cannot be trusted then). */
export function sendStopPage(reply: FastifyReply, publicUrl: string, page: { title: string; message: string }, status = 400) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html').send(stopPage(publicUrl, page));
}

/** The error handler of the whole area: a browser (it asks for text/html) gets the stop page, a program OAuth's JSON. */
export function oidcErrorHandler(err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  const answer = oauthAnswerOf(err, request);
  if (answer.status >= 500) request.log[answer.status === 500 ? 'error' : 'warn']({ err }, 'OpenID Provider request failed');
  if (!(request.headers.accept ?? '').includes('text/html')) {
    return sendOAuthError(reply, answer, err instanceof OAuthError ? err.challenge : undefined);
  }
  if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
  const title = answer.status >= 500 ? 'Something went wrong' : 'This sign-in cannot go on';
  return sendStopPage(reply, request.server.deps.config.publicUrl, { title, message: answer.description }, answer.status);
}
