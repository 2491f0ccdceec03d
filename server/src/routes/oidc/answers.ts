import type { FastifyReply, FastifyRequest } from 'fastify';
import { stopPage } from '../../services/oidc/stop-page.ts';
import { OPENID_PROVIDER_CODES } from '../oauth/code-tables.ts';
import { OAuthError, sendOAuthError } from '../oauth/oauth-error.ts';
import { logFailure, oauthAnswerOf } from '../oauth/translator.ts';

// The one shape of a refusal in the OpenID Provider's area, whoever refuses (a route, a guard, the
// library): a program gets OAuth's JSON (RFC 6749 §5.2) `{ error, error_description }`, never
// cached; a browser gets the stop page (services/oidc/stop-page.ts). The library answers the same
// JSON itself, and renders the same page (configuration.ts, renderError).

/** The stop page, never a redirect (the app's return address cannot be trusted then). */
export function sendStopPage(reply: FastifyReply, publicUrl: string, page: { title: string; message: string }, status = 400) {
  return reply.code(status).header('cache-control', 'no-store').type('text/html').send(stopPage(publicUrl, page));
}

/** The error handler of the whole area: a browser (it asks for text/html) gets the stop page, a program OAuth's JSON. */
export function oidcErrorHandler(err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply) {
  const answer = oauthAnswerOf(err, request, OPENID_PROVIDER_CODES);
  logFailure(request, err, answer, 'OpenID Provider request failed');
  if (!(request.headers.accept ?? '').includes('text/html')) {
    return sendOAuthError(reply, answer, err instanceof OAuthError ? err.challenge : undefined);
  }
  if (answer.retryAfter) reply.header('retry-after', String(answer.retryAfter));
  const title = answer.status >= 500 ? 'Something went wrong' : 'This sign-in cannot go on';
  return sendStopPage(reply, request.server.deps.config.publicUrl, { title, message: answer.description }, answer.status);
}
