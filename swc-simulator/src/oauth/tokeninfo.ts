import type { FastifyInstance } from 'fastify';
import type { SimContext } from '../context.ts';
import { param } from '../params.ts';
import { oauthError } from './errors.ts';

/** GET /ws/oauth2/tokeninfo/?access_token=… — who the token speaks for. */
export function registerTokenInfo(app: FastifyInstance, ctx: SimContext): void {
  app.get('/ws/oauth2/tokeninfo/', async (request, reply) => {
    const token = param(request.query, 'access_token');
    if (token === undefined) return oauthError(reply, 400, 'invalid_request', 'access_token is required.');
    const found = ctx.store.findAccess(token);
    if (found.status !== 'ok') {
      return oauthError(
        reply,
        400,
        'invalid_token',
        found.status === 'expired' ? 'The access token has expired.' : 'The access token is unknown or revoked.',
      );
    }
    const rec = found.record;
    return reply.header('cache-control', 'no-store').send({
      user_id: rec.uid,
      client_id: rec.clientId,
      scope: rec.scopes.join(' '),
      expires_in: Math.max(0, Math.floor((rec.expiresAt - ctx.now()) / 1000)),
    });
  });
}
