import type { OAuthCodeTable } from './translator.ts';

/**
 * POST /auth/token, the token exchange (RFC 8693): the subject token, or what it stands for (the
 * session, the app's admission of the player, the player's SWCombine grant), is the grant; the app
 * is the client. Every refusal is a 400.
 */
export const TOKEN_EXCHANGE_CODES: OAuthCodeTable = {
  refused: {
    invalid: { status: 400, error: 'invalid_request' },
    unauthenticated: { status: 400, error: 'invalid_grant' },
    declined: { status: 400, error: 'invalid_grant' },
    forbidden: { status: 400, error: 'unauthorized_client' },
  },
  failed: {
    bad_request: { error: 'invalid_request' },
    payload_too_large: { error: 'invalid_request' },
    unsupported_media_type: { error: 'invalid_request' },
    rate_limited: { error: 'slow_down', prefix: 'Too many token requests from this app: ' },
    unavailable: { error: 'temporarily_unavailable', retryAfter: 5 },
    internal_error: { error: 'server_error' },
  },
};

/**
 * The OpenID Provider's own endpoints (/oidc/*; the library answers the rest itself, alike): a
 * refusal keeps the API's status, and a guard's refusal its own code (`unsupported_media_type`,
 * `forbidden`), as it always has.
 */
export const OPENID_PROVIDER_CODES: OAuthCodeTable = {
  refused: {
    invalid: { error: 'invalid_request' },
    unauthenticated: { error: 'invalid_request' },
    declined: { error: 'invalid_request' },
    forbidden: { error: 'invalid_request' },
  },
  failed: {
    bad_request: { error: 'invalid_request' },
    not_found: { error: 'invalid_request' },
    conflict: { error: 'invalid_request' },
    payload_too_large: { error: 'invalid_request' },
    unsupported_media_type: { error: 'unsupported_media_type' },
    unauthorized: { error: 'unauthorized' },
    forbidden: { error: 'forbidden' },
    passkey_required: { error: 'passkey_required' },
    rate_limited: { error: 'slow_down' },
    unavailable: { error: 'temporarily_unavailable' },
    rotation_failed: { error: 'server_error' },
    internal_error: { error: 'server_error' },
  },
};
