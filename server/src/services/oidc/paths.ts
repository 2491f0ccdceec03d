/** Where the OpenID Provider's endpoints are served (the issuer is PUBLIC_URL itself). */
export const OIDC_ROUTES = {
  authorization: '/oidc/authorize',
  token: '/oidc/token',
  userinfo: '/oidc/userinfo',
  end_session: '/oidc/logout',
  revocation: '/oidc/revoke',
  introspection: '/oidc/introspect',
  device_authorization: '/oidc/device/auth',
  /** Where a player types a device's code (RFC 8628 verification_uri): short, as a device shows it. */
  code_verification: '/device',
  jwks: '/.well-known/jwks.json',
} as const;

export const DISCOVERY_PATH = '/.well-known/openid-configuration';
/** Where the authorization endpoint hands over when it needs the player: our sign-in, then back. */
export const INTERACTION_PATH = '/oidc/interaction';
export const END_SESSION_CONFIRM_PATH = '/oidc/logout/confirm';
/** The script that sends the device page's form when the code came with the device's link (a file: the pages allow no inline script). */
export const DEVICE_SEND_SCRIPT_PATH = '/oidc/device-send.js';

export const interactionUrl = (publicUrl: string, uid: string) => `${publicUrl}${INTERACTION_PATH}/${uid}`;

/**
 * The portal's pages besides its dashboard that a SWCombine sign-in returns to: the OpenID Provider's
 * interaction (any uid below it) and device page, and Your account (a fresh sign-in before adding a passkey).
 */
export const signInReturnPages = (publicUrl: string) => [
  interactionUrl(publicUrl, ''),
  `${publicUrl}${OIDC_ROUTES.code_verification}`,
  `${publicUrl}${ACCOUNT_PATH}`,
];

/** Your account: where a fresh SWCombine sign-in for adding a passkey returns. */
export const ACCOUNT_PATH = '/account';
