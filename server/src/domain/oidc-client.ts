/** The scopes an app may ask for besides those an admin grants on Central Consents, and the claims each releases. */
export const OIDC_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'preferred_username', 'picture', 'faction', 'race'],
  email: ['email', 'email_verified'],
  roles: ['roles'],
  groups: ['groups'],
} as const;
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'roles', 'groups', 'offline_access'] as const;

interface ClientSource {
  key: string;
  name: string;
  url: string | null;
  redirect_urls: string[];
  /** The grants an admin allowed the app (App Catalog, Sign-in settings). */
  grant_types: readonly string[];
  /** Hex of the secret's SHA-256, or null for a public client. */
  secretHashHex: string | null;
}

const DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';

/** A URL an OpenID Connect client can register: http(s), no credentials, no fragment. */
function isRegistrable(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password && !url.hash && !value.includes('#');
  } catch {
    return false;
  }
}

// Per list: an app the client door keeps (services/oidc/client-apps-kept.ts) is asked at every token request.
const registrable = new WeakMap<readonly string[], readonly string[]>();
const redirectUrisOf = (app: Pick<ClientSource, 'redirect_urls'>): string[] => {
  let uris = registrable.get(app.redirect_urls);
  if (!uris) {
    uris = [...new Set(app.redirect_urls.filter(isRegistrable))];
    registrable.set(app.redirect_urls, uris);
  }
  return [...uris];
};

/**
 * The grants the app's client may use now: those an admin allowed, less what it cannot use yet —
 * sign-in with a code needs a redirect URL, a machine client needs a secret (RFC 6749 §4.4), and
 * refresh tokens come only with a grant that signs a player in.
 */
export function usableGrantTypes(app: Pick<ClientSource, 'grant_types' | 'redirect_urls' | 'secretHashHex'>): string[] {
  const allowed = new Set(app.grant_types);
  if (redirectUrisOf(app).length === 0) allowed.delete('authorization_code');
  if (!app.secretHashHex) allowed.delete('client_credentials');
  if (!allowed.has('authorization_code') && !allowed.has(DEVICE_CODE)) allowed.delete('refresh_token');
  return [...allowed];
}

/** Why the app's client may not use `grantType`, in words for the app's developer. */
export function grantTypeRefusal(
  app: Pick<ClientSource, 'name' | 'grant_types' | 'redirect_urls' | 'secretHashHex'>,
  grantType: string,
): string {
  if (app.grant_types.includes(grantType)) {
    if (grantType === 'client_credentials') return `${app.name} is a public client (no client secret): a machine client needs one.`;
    if (grantType === 'authorization_code') return `${app.name} has no redirect URL a client can use.`;
  }
  return `${app.name} may not use the grant type ${grantType}: an admin can allow it on the app's Sign-in settings.`;
}

/**
 * The client an app is: its key is the client_id, it may use the grants `usableGrantTypes` leaves,
 * its redirect URLs are compared exactly, and it may come back after logout to one of them or to
 * its URL. A confidential client is registered for client_secret_basic; the library takes
 * client_secret_post from it as well. Null when the app can use no grant at all.
 */
export function clientMetadata(app: ClientSource): Record<string, unknown> | null {
  const grantTypes = usableGrantTypes(app);
  if (grantTypes.length === 0) return null;
  const redirectUris = grantTypes.includes('authorization_code') ? redirectUrisOf(app) : [];
  const postLogout = [...new Set([...redirectUris, ...(app.url && isRegistrable(app.url) ? [app.url] : [])])];
  return {
    client_id: app.key,
    client_name: app.name,
    redirect_uris: redirectUris,
    post_logout_redirect_uris: postLogout,
    response_types: redirectUris.length ? ['code'] : [],
    grant_types: grantTypes,
    id_token_signed_response_alg: 'RS256',
    require_auth_time: true,
    ...(app.secretHashHex
      ? { client_secret: app.secretHashHex, token_endpoint_auth_method: 'client_secret_basic' }
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
  // Asked on every code flow and refresh: a plain name is told apart without a thrown parse error.
  if (/^[a-z][a-z0-9+.-]*:/i.test(app.audience) && URL.canParse(app.audience) && !new URL(app.audience).hash) return app.audience;
  return `urn:swc-portal:app:${encodeURIComponent(app.key)}`;
}
