import type { FastifyRequest } from 'fastify';
import { requestMeta } from '../../plugins/session.ts';
import { LIBRARY_SESSION_COOKIE } from '../../services/oidc/cookie-keys.ts';
import { isStorableId } from '../../services/oidc/ids.ts';
import { readSessionsAhead } from '../../services/oidc/library-gaps/adapter-prefetch.ts';
import type { OidcRequest } from '../../services/oidc/request-context.ts';

/** What the OpenID Provider's hooks may know of this request: its portal session, resolved here, and who sent it. */
export async function oidcRequestOf(
  request: FastifyRequest,
  extra: Pick<OidcRequest, 'authenticatedClient' | 'memo'> = {},
): Promise<OidcRequest> {
  const named = (request.query as Record<string, unknown> | undefined)?.client_id;
  const oidcRequest: OidcRequest = {
    auth: null,
    meta: requestMeta(request),
    ...(typeof named === 'string' ? { namedClient: named } : {}),
    ...extra,
  };
  // A returning browser at the authorization endpoint: both sessions in one statement (adapter-prefetch.ts).
  const librarySessionId = request.cookies[LIBRARY_SESSION_COOKIE];
  oidcRequest.auth = await request.loadAuth(
    isStorableId(oidcRequest.namedClient) && isStorableId(librarySessionId)
      ? (token) => readSessionsAhead(request.server.deps, oidcRequest, { token, librarySessionId })
      : undefined,
  );
  return oidcRequest;
}
