import type { FastifyRequest } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import type { OidcRequest } from '../../services/oidc/request-context.ts';

/** What the OpenID Provider's hooks may know of this request: its portal session, resolved here, and who sent it. */
export async function oidcRequestOf(
  request: FastifyRequest,
  extra: Pick<OidcRequest, 'authenticatedClient' | 'memo'> = {},
): Promise<OidcRequest> {
  const named = (request.query as Record<string, unknown> | undefined)?.client_id;
  return {
    auth: await request.loadAuth(),
    meta: requestMeta(request),
    ...(typeof named === 'string' ? { namedClient: named } : {}),
    ...extra,
  };
}
