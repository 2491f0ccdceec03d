import type { FastifyReply, FastifyRequest } from 'fastify';
import { Refused } from '../../lib/errors.ts';
import {
  authenticateClient,
  claimedClientId,
  type ClientCredentials,
  type OidcClientApp,
} from '../../services/oidc/client-authentication.ts';
import { OAuthError } from '../oauth/oauth-error.ts';
import { tooManyFailuresMessage, type ClientAuthLimit } from './client-auth-limit.ts';

/** A client refused at the door: 401 invalid_client, with a Basic challenge when it tried HTTP Basic. */
class ClientRefused extends OAuthError {
  constructor(message: string, usedBasic: boolean) {
    super(401, 'invalid_client', message, usedBasic ? 'Basic' : undefined);
  }
}

/**
 * The calling client of the OpenID Provider's token, device authorization, introspection and
 * revocation endpoints and of the token exchange (/auth/token), authenticated by the one check
 * (services/oidc/client-authentication.ts). A client that failed too
 * often from this address waits first (429 slow_down); each failure counts.
 */
export async function callingClient(
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: ClientCredentials,
  { publicAllowed, limit }: { publicAllowed: boolean; limit: ClientAuthLimit },
): Promise<OidcClientApp> {
  const claimed = claimedClientId(credentials);
  const wait = claimed === undefined ? 0 : await limit.waitFor(request, claimed);
  if (wait) {
    reply.header('retry-after', String(wait));
    throw new OAuthError(429, 'slow_down', tooManyFailuresMessage(wait));
  }
  try {
    return await authenticateClient(request.server.deps, credentials, { publicAllowed });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    if (claimed !== undefined) await limit.failed(request, claimed);
    throw new ClientRefused(err.message, credentials.authorization !== undefined);
  }
}
