import type { FastifyRequest } from 'fastify';
import { Refused } from '../../lib/errors.ts';
import type { OidcClientApp } from '../../queries/oidc-clients.ts';
import { authenticateClient, type ClientCredentials } from '../../services/oidc/client-authentication.ts';
import { OAuthError } from '../auth/oauth-errors.ts';

/** A client refused at the door: 401 invalid_client, with a Basic challenge when it tried HTTP Basic. */
export class ClientRefused extends OAuthError {
  readonly usedBasic: boolean;
  constructor(message: string, usedBasic: boolean) {
    super(401, 'invalid_client', message);
    this.usedBasic = usedBasic;
  }
}

/**
 * The calling client of the token, device authorization, introspection and revocation endpoints,
 * authenticated by the one check (services/oidc/client-authentication.ts).
 */
export async function callingClient(
  request: FastifyRequest,
  credentials: ClientCredentials,
  { publicAllowed }: { publicAllowed: boolean },
): Promise<OidcClientApp> {
  try {
    return await authenticateClient(request.server.deps, credentials, { publicAllowed });
  } catch (err) {
    if (err instanceof Refused) throw new ClientRefused(err.message, credentials.authorization !== undefined);
    throw err;
  }
}
