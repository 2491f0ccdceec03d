import type Provider from 'oidc-provider';

/**
 * The library puts `sid` in an id_token only for a client registered for back-channel logout with
 * `backchannel_logout_session_required` (`Client#includeSid`). The portal's sign-out names the
 * session to every app, so every id_token carries it.
 */
export function includeSidInEveryIdToken(provider: Provider): void {
  const client = provider.Client.prototype as unknown as { includeSid(): boolean };
  client.includeSid = () => true;
}
