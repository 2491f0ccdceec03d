import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimContext } from '../context.ts';
import { isFormRequest, param, repeatedParam } from '../params.ts';
import { isKnownScope, splitScopes } from '../scopes.ts';
import { GrantError, type AccessRecord, type GrantRecord } from '../store.ts';
import { authenticateClient } from './client-auth.ts';
import { oauthError } from './errors.ts';

const GRANT_PARAMS = {
  authorization_code: ['code', 'redirect_uri'],
  refresh_token: ['refresh_token'],
} as const;

type GrantType = keyof typeof GRANT_PARAMS;

/**
 * POST /ws/oauth2/token/ — form-encoded code exchange and refresh. The answer has no token_type
 * (SWCombine's documented shape has none), and a refresh answer carries no new refresh_token.
 */
export function registerToken(app: FastifyInstance, ctx: SimContext): void {
  app.post('/ws/oauth2/token/', async (request, reply) => {
    if (!isFormRequest(request.headers['content-type'])) {
      return oauthError(reply, 400, 'invalid_request', 'The token request must be application/x-www-form-urlencoded.');
    }
    const body = request.body;
    const repeated = repeatedParam(body, ['grant_type', 'code', 'redirect_uri', 'refresh_token', 'client_id', 'client_secret', 'scope']);
    if (repeated) return oauthError(reply, 400, 'invalid_request', `${repeated} was given more than once.`);

    const grantType = param(body, 'grant_type');
    if (grantType === undefined) return oauthError(reply, 400, 'invalid_request', 'grant_type is required.');
    if (!Object.hasOwn(GRANT_PARAMS, grantType)) {
      return oauthError(reply, 400, 'unsupported_grant_type', `grant_type ${grantType} is not supported.`);
    }
    const missing = GRANT_PARAMS[grantType as GrantType].find((p) => param(body, p) === undefined);
    if (missing) return oauthError(reply, 400, 'invalid_request', `${missing} is required.`);

    const auth = authenticateClient(request, ctx.clients);
    if (!auth.ok) {
      if (auth.basic && auth.status === 401) reply.header('www-authenticate', 'Basic realm="SWCombine"');
      return oauthError(reply, auth.status, auth.error, auth.description);
    }
    const clientId = auth.client.clientId;

    try {
      if (grantType === 'authorization_code') {
        const { grant, access } = ctx.store.exchangeCode(param(body, 'code')!, clientId, param(body, 'redirect_uri')!);
        return sendTokens(reply, ctx, grant, access, true);
      }
      let scopes: string[] | undefined;
      const rawScope = param(body, 'scope');
      if (rawScope !== undefined) {
        scopes = splitScopes(rawScope);
        if (scopes.some((s) => !isKnownScope(s))) return oauthError(reply, 400, 'invalid_scope', 'Unknown scope.');
      }
      const grant = ctx.store.grantOfRefreshToken(param(body, 'refresh_token')!);
      if (grant?.clientId === clientId && scopes?.some((s) => !grant.scopes.includes(s))) {
        return oauthError(reply, 400, 'invalid_scope', 'The requested scope exceeds what was granted.');
      }
      const refreshed = ctx.store.refreshGrant(param(body, 'refresh_token')!, clientId, scopes);
      return sendTokens(reply, ctx, refreshed.grant, refreshed.access, false);
    } catch (err) {
      if (err instanceof GrantError) return oauthError(reply, 400, 'invalid_grant', err.description);
      throw err;
    }
  });
}

function sendTokens(reply: FastifyReply, ctx: SimContext, grant: GrantRecord, access: AccessRecord, withRefresh: boolean): FastifyReply {
  const body: Record<string, string | number> = {
    access_token: access.token,
    expires_in: ctx.accessTokenTtlSeconds,
    scope: access.scopes.join(' '),
  };
  if (withRefresh && grant.refreshToken) body.refresh_token = grant.refreshToken;
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(body);
}
