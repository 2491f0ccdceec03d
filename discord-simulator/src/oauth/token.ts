import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoute } from '../limits/routes.ts';
import type { SimContext } from '../context.ts';
import { isFormRequest, param } from '../params.ts';
import { clientAuthenticated } from './client-auth.ts';
import { oauthError } from './errors.ts';
import { GrantError, type AccessToken } from '../grants.ts';

/** The form-encoded body and client authentication every token endpoint needs; false once it has replied. */
function acceptable(ctx: SimContext, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!isFormRequest(request.headers['content-type'])) {
    oauthError(reply, 400, 'invalid_request', 'The request must be application/x-www-form-urlencoded.');
    return false;
  }
  if (!clientAuthenticated(ctx, request)) {
    if (/^Basic\s/i.test(request.headers.authorization ?? '')) reply.header('www-authenticate', 'Basic realm="Discord"');
    oauthError(reply, 401, 'invalid_client', 'Client authentication failed.');
    return false;
  }
  return true;
}

function sendTokens(reply: FastifyReply, ctx: SimContext, issued: { access: AccessToken; refreshToken: string }): FastifyReply {
  return reply.header('cache-control', 'no-store').send({
    token_type: 'Bearer',
    access_token: issued.access.token,
    expires_in: ctx.tokenTtlSeconds,
    refresh_token: issued.refreshToken,
    scope: issued.access.scopes.join(' '),
  });
}

/**
 * POST /oauth2/token (authorization_code with the same redirect_uri, or refresh_token: a new access token
 * and a new refresh token, the old refresh token spent) and POST /oauth2/token/revoke (the whole
 * authorization: every token of that user for this application).
 */
export function registerToken(app: FastifyInstance, ctx: SimContext): void {
  app.post('/oauth2/token', apiRoute('POST /oauth2/token'), async (request, reply) => {
    if (!acceptable(ctx, request, reply)) return reply;
    const body = request.body;
    const grantType = param(body, 'grant_type');
    try {
      if (grantType === 'authorization_code') {
        const code = param(body, 'code');
        if (!code) return oauthError(reply, 400, 'invalid_request', 'Missing "code" in request.');
        return sendTokens(reply, ctx, ctx.grants.exchange(code, ctx.application.id, param(body, 'redirect_uri')));
      }
      if (grantType === 'refresh_token') {
        const refresh = param(body, 'refresh_token');
        if (!refresh) return oauthError(reply, 400, 'invalid_request', 'Missing "refresh_token" in request.');
        return sendTokens(reply, ctx, ctx.grants.renew(refresh, ctx.application.id));
      }
    } catch (err) {
      if (err instanceof GrantError) return oauthError(reply, 400, 'invalid_grant', err.message);
      throw err;
    }
    return oauthError(reply, 400, 'unsupported_grant_type', `Unsupported grant type${grantType ? ` "${grantType.slice(0, 40)}"` : ''}.`);
  });

  app.post('/oauth2/token/revoke', apiRoute('POST /oauth2/token/revoke'), async (request, reply) => {
    if (!acceptable(ctx, request, reply)) return reply;
    const token = param(request.body, 'token');
    if (!token) return oauthError(reply, 400, 'invalid_request', 'Missing "token" in request.');
    ctx.grants.revoke(token, ctx.application.id);
    return reply.header('cache-control', 'no-store').send({});
  });
}
