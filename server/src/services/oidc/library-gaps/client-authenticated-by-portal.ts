import type Provider from 'oidc-provider';
import { currentOidcRequest } from '../request-context.ts';

/**
 * The library compares a presented client secret with the one it was given (`Client#compareClientSecret`).
 * The portal keeps only a secret's SHA-256 and checks every client in one place, for every endpoint
 * (services/oidc/client-authentication.ts), before the library sees the request: the library's
 * comparison is that check's verdict on this very client.
 */
export function clientAuthenticatedByPortal(provider: Provider): void {
  const client = provider.Client.prototype as unknown as {
    compareClientSecret(this: { clientId: string }, actual: string): Promise<boolean>;
  };
  client.compareClientSecret = async function checkedByPortal() {
    return currentOidcRequest().authenticatedClient === this.clientId;
  };
}
