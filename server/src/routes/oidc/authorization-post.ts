import type { FastifyInstance } from 'fastify';
import { OIDC_ROUTES } from '../../services/oidc/paths.ts';
import { refuseUnreadable } from './authorization-request.ts';

/**
 * An authorization request sent as a form (OpenID Connect Core §3.1.2.1) goes on as the same
 * request by GET, where the protocol library and its checks take it.
 */
export default async function authorizationPostRoute(app: FastifyInstance) {
  app.post(
    OIDC_ROUTES.authorization,
    {
      config: { bodyTypes: ['application/x-www-form-urlencoded'] },
      onRequest: app.signInStartLimit,
      schema: { tags: ['openid connect'], summary: 'Authorization endpoint (form post): continues as the same request by GET' },
    },
    async (request, reply) => {
      const params = (request.body ?? {}) as Record<string, unknown>;
      const refused = refuseUnreadable(app.deps.config.publicUrl, params, reply);
      if (refused) return refused;
      const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'));
      return reply.redirect(`${OIDC_ROUTES.authorization}?${query}`, 303);
    },
  );
}
