import { timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { Refused } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findOidcClientApp, type OidcClientApp } from '../../queries/oidc-clients.ts';
import { isStorableId } from './adapter.ts';

export interface ClientCredentials {
  authorization?: string;
  clientId?: string;
  clientSecret?: string;
}

const fromBasic = (header: string): { id: string; secret: string } | null => {
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
};

/** The client a request names, by HTTP Basic or in its body, before anything is checked. */
export function claimedClientId(credentials: ClientCredentials): string | undefined {
  const basic = credentials.authorization ? fromBasic(credentials.authorization) : null;
  return basic?.id ?? credentials.clientId;
}

const sameSecret = (stored: Buffer, presented: string) => {
  const hash = sha256(presented);
  return stored.length === hash.length && timingSafeEqual(stored, hash);
};

/**
 * client_secret_basic or client_secret_post, against the stored hash; a public client names
 * itself only, and only where `publicAllowed` (revocation lets it, introspection does not).
 */
export async function authenticateClient(
  deps: Pick<Deps, 'db'>,
  credentials: ClientCredentials,
  publicAllowed: boolean,
): Promise<OidcClientApp> {
  const refused = () => new Refused('unauthenticated', 'The client could not be authenticated.');
  const basic = credentials.authorization ? fromBasic(credentials.authorization) : null;
  if (credentials.authorization && !basic) throw refused();
  const id = basic?.id ?? credentials.clientId;
  const secret = basic?.secret ?? credentials.clientSecret;
  if (!isStorableId(id)) throw refused();
  const app = await findOidcClientApp(deps.db, id);
  if (!app) throw refused();
  if (!app.client_secret_hash) {
    if (secret || !publicAllowed) throw refused();
    return app;
  }
  if (!secret || !sameSecret(app.client_secret_hash, secret)) throw refused();
  return app;
}
