import { timingSafeEqual } from 'node:crypto';
import type Provider from 'oidc-provider';
import { sha256 } from '../../lib/tokens.ts';

/**
 * Where the protocol library's defaults do not fit the portal, changed in one place:
 * - `sid` goes into every id_token (the library adds it only for clients registered for
 *   back-channel logout): the portal's sign-out names it to every app.
 * - a client secret is stored as its SHA-256, so the one presented is hashed before comparing.
 * The other gaps are closed where the request enters (offline_access without prompt=consent, see
 * provider.ts) and by the portal's own logout (back- and front-channel, to any address an admin
 * registered).
 */
export function closeLibraryGaps(provider: Provider): void {
  const client = provider.Client.prototype as unknown as {
    includeSid(): boolean;
    compareClientSecret(this: { clientSecret?: string }, actual: string): Promise<boolean>;
  };
  client.includeSid = () => true;
  client.compareClientSecret = async function compareHashed(actual) {
    const stored = Buffer.from(this.clientSecret ?? '', 'hex');
    const presented = sha256(actual);
    return stored.length === presented.length && timingSafeEqual(stored, presented);
  };
}
