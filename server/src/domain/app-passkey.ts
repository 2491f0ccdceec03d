/** Where a player confirms it's them with a passkey, then goes on to `next` (a path of the portal's own). */
const CONFIRM_PASSKEY_PATH = '/confirm-passkey';

export const PASSKEY_REQUIRED_FOR_APP = 'This app needs a passkey used in this session. Confirm it’s you with one of your passkeys.';

/**
 * An app that requires a passkey (or a sign-in request that asked for one, acr_values=passkey)
 * admits a session only once a passkey was used in it: a passkey sign-in or "Confirm it's you".
 * Forward auth, the sign-in shortcut and the OpenID Provider's authorization all ask this.
 */
export function lacksRequiredPasskey(wanted: boolean, session: { passkey_used_at: Date | null }): boolean {
  return wanted && session.passkey_used_at === null;
}

/** The acr value a relying party sends (acr_values=passkey) to ask for a passkey for one sign-in, and the id_token's acr once used. */
export const PASSKEY_ACR = 'passkey';

/** Whether this sign-in needs a passkey: the app requires one, or the request's acr_values asked for one. */
export function passkeyWanted(app: { require_passkey: boolean }, acrValues?: unknown): boolean {
  return app.require_passkey || (typeof acrValues === 'string' && acrValues.split(' ').includes(PASSKEY_ACR));
}

/** The confirmation page, going on to the portal path `next` once the passkey was used. */
export const confirmPasskeyUrl = (publicUrl: string, next: string) =>
  `${publicUrl}${CONFIRM_PASSKEY_PATH}?next=${encodeURIComponent(next)}`;
