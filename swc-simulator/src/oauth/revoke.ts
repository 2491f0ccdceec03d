import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context.ts';
import { param } from '../params.ts';
import { oauthError } from './errors.ts';

/**
 * GET /ws/oauth2/revoke?token=<refresh_token>&client_id=… — 200 on success. A refresh token revokes
 * its whole grant (every access token issued under it); an access token revokes just itself. An
 * unknown token also answers 200 (RFC 7009 §2.2); a token of another client is refused.
 */
export function registerRevoke(app: FastifyInstance, ctx: SimContext): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const src = request.method === 'GET' ? request.query : request.body;
    const token = param(src, 'token');
    const clientId = param(src, 'client_id');
    if (token === undefined) return oauthError(reply, 400, 'invalid_request', 'token is required.');
    if (clientId === undefined) return oauthError(reply, 400, 'invalid_request', 'client_id is required.');
    if (!ctx.clients.has(clientId)) return oauthError(reply, 401, 'invalid_client', 'Unknown client_id.');

    const grant = ctx.store.grantOfRefreshToken(token);
    if (grant) {
      if (grant.clientId !== clientId) return oauthError(reply, 400, 'unauthorized_client', 'The token was issued to another client.');
      ctx.store.revokeGrant(grant.id);
    } else {
      const access = ctx.store.findAccess(token);
      if (access.status !== 'unknown') {
        if (access.record.clientId !== clientId)
          return oauthError(reply, 400, 'unauthorized_client', 'The token was issued to another client.');
        ctx.store.revokeAccessToken(token);
      }
    }
    return reply.code(200).header('cache-control', 'no-store').send({ revoked: true });
  };
  app.get('/ws/oauth2/revoke', handler);
  app.post('/ws/oauth2/revoke', handler);
}
