import type { FastifyRequest } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import type { OidcRequest } from '../../services/oidc/request-context.ts';

/** What the OpenID Provider's hooks may know of this request. */
export function oidcRequestOf(request: FastifyRequest): OidcRequest {
  return {
    auth: () => request.loadAuth(),
    meta: requestMeta(request),
    basicAuth: /^basic\s/i.test(request.headers.authorization ?? ''),
  };
}
