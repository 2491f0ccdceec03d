import { timingSafeEqual } from 'node:crypto';
import { GRANT_TYPES, PORTAL_APP_KEY } from '@portal/contract';
import { grantTypeRefusal, usableGrantTypes } from '../../domain/oidc-client.ts';
import type { Deps } from '../../deps.ts';
import { Refused } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { keptClientApp } from './client-apps-kept.ts';
import type { OidcClientApp } from './queries/clients.ts';
import { isStorableId } from './ids.ts';

/** The registered app behind a client, as authentication answers it. */
export type { OidcClientApp };

/** How a request names its client (RFC 6749 §2.3.1): HTTP Basic, or client_id and client_secret in its body. */
export interface ClientCredentials {
  authorization?: string;
  clientId?: string;
  clientSecret?: string;
}

/** RFC 6749 §2.3.1: the id and secret in a Basic header are form-urlencoded first. */
const formDecoded = (value: string) => decodeURIComponent(value.replace(/\+/g, '%20'));

const fromBasic = (header: string): { id: string; secret: string } | null => {
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return { id: formDecoded(decoded.slice(0, colon)), secret: formDecoded(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
};

/** The client a request names, before anything is checked. */
export function claimedClientId(credentials: ClientCredentials): string | undefined {
  const basic = credentials.authorization ? fromBasic(credentials.authorization) : null;
  return basic?.id ?? credentials.clientId;
}

const sameSecret = (stored: Buffer, presented: string) => {
  const hash = sha256(presented);
  return stored.length === hash.length && timingSafeEqual(stored, hash);
};

/** Why an app without a client secret cannot authenticate where a secret is needed, and what to do. */
const noSecretYet = (app: OidcClientApp) =>
  `${app.name} has no client secret: an admin creates one in App Catalog (the app's OpenID Connect dialog, New client secret), and the app sends it with each request.`;

/**
 * The one check of a client, for every endpoint that takes one (token, device authorization,
 * introspection, revocation, token exchange): client_secret_basic or client_secret_post against
 * the stored SHA-256, in one way only; a public client names itself and nothing more, and only
 * where `publicAllowed` (introspection and token exchange do not allow it). The protocol library
 * takes this verdict (library-gaps/client-authenticated-by-portal.ts).
 */
export async function authenticateClient(
  deps: Pick<Deps, 'db' | 'clock' | 'accessChanged'>,
  credentials: ClientCredentials,
  { publicAllowed }: { publicAllowed: boolean },
): Promise<OidcClientApp> {
  const refused = (why = 'The client could not be authenticated.') => new Refused('unauthenticated', why);
  const basic = credentials.authorization ? fromBasic(credentials.authorization) : null;
  if (credentials.authorization && !basic) throw refused('The Authorization header is not HTTP Basic with a client_id and secret.');
  if (basic && credentials.clientSecret !== undefined) throw refused('Send the client secret one way only: HTTP Basic or in the body.');
  if (basic && credentials.clientId !== undefined && credentials.clientId !== basic.id) {
    throw refused('The client_id in the body is not the one in the Authorization header.');
  }
  const id = basic?.id ?? credentials.clientId;
  const secret = basic?.secret ?? credentials.clientSecret;
  if (!isStorableId(id)) throw refused('Name the client: HTTP Basic, or client_id in the body.');
  const app = await keptClientApp(deps, id);
  // The portal is the OpenID Provider itself, not one of its clients.
  if (!app || app.key === PORTAL_APP_KEY) throw refused();
  if (!app.client_secret_hash) {
    if (!publicAllowed) throw refused(noSecretYet(app));
    if (secret) throw refused();
    return app;
  }
  if (!secret)
    throw refused(`${app.name} is a confidential client: send its client secret, by HTTP Basic or as client_secret in the body.`);
  if (!sameSecret(app.client_secret_hash, secret)) throw refused();
  return app;
}

/**
 * Why the client may not use `grantType` now, or null when it may (or when the grant is none the
 * portal offers: the library answers unsupported_grant_type). The library would answer
 * invalid_request; RFC 6749 §5.2 says unauthorized_client, which the door answers.
 */
export function refusedGrantType(app: OidcClientApp, grantType: string | null): string | null {
  if (!grantType || !(GRANT_TYPES as readonly string[]).includes(grantType)) return null;
  const client = { ...app, secretHashHex: app.client_secret_hash ? app.client_secret_hash.toString('hex') : null };
  return usableGrantTypes(client).includes(grantType) ? null : grantTypeRefusal(client, grantType);
}
