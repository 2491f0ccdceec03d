/** The scopes an app may ask for besides those an admin grants on Central Consents, and the claims each releases. */
export const OIDC_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'preferred_username', 'picture', 'faction', 'race'],
  email: ['email', 'email_verified'],
  roles: ['roles'],
  groups: ['groups'],
} as const;
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'roles', 'groups', 'offline_access'] as const;

export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

export interface ClientSource {
  key: string;
  name: string;
  url: string | null;
  redirect_urls: string[];
  /** Hex of the secret's SHA-256, or null for a public client. */
  secretHashHex: string | null;
}

/** A URL an OpenID Connect client can register: http(s), no credentials, no fragment. */
function isRegistrable(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash && !value.includes('#');
  } catch {
    return false;
  }
}

/**
 * The client an app is: its key is the client_id, its redirect URLs are compared exactly, and it
 * may come back after logout to one of them or to its URL. `authMethod` is the one the request in
 * hand uses, so a confidential client may authenticate with Basic or in the body. Null when the app
 * has no redirect URL a client can use.
 */
export function clientMetadata(app: ClientSource, authMethod: Exclude<ClientAuthMethod, 'none'>): Record<string, unknown> | null {
  const redirectUris = [...new Set(app.redirect_urls.filter(isRegistrable))];
  if (redirectUris.length === 0) return null;
  const postLogout = [...new Set([...redirectUris, ...(app.url && isRegistrable(app.url) ? [app.url] : [])])];
  return {
    client_id: app.key,
    client_name: app.name,
    redirect_uris: redirectUris,
    post_logout_redirect_uris: postLogout,
    response_types: ['code'],
    grant_types: ['authorization_code', 'refresh_token'],
    id_token_signed_response_alg: 'RS256',
    require_auth_time: true,
    ...(app.secretHashHex
      ? { client_secret: app.secretHashHex, token_endpoint_auth_method: authMethod }
      : { token_endpoint_auth_method: 'none' }),
  };
}

/** Which scopes of a request are granted: the standard ones, and others only where an admin granted them. */
export function grantedScopes(requested: readonly string[], adminGranted: readonly string[]): { granted: string[]; refused: string[] } {
  const allowed = new Set<string>([...OIDC_SCOPES, ...adminGranted]);
  const granted = requested.filter((s) => allowed.has(s));
  return { granted, refused: requested.filter((s) => !allowed.has(s)) };
}

/**
 * The resource indicator (RFC 8707) of an app's access tokens. It must be an absolute URI: an
 * audience that is one stands for itself; another (a plain name such as "wiki") is named by a URN.
 * The tokens' `aud` is the audience either way.
 */
export function resourceIndicator(app: { key: string; audience: string }): string {
  try {
    const url = new URL(app.audience);
    if (!url.hash && /^[a-z][a-z0-9+.-]*:/i.test(app.audience)) return app.audience;
  } catch {
    // not a URI
  }
  return `urn:swc-portal:app:${encodeURIComponent(app.key)}`;
}
