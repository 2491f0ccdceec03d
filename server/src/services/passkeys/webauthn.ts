import type * as WebAuthn from '@simplewebauthn/server';

let loading: Promise<typeof WebAuthn> | undefined;

/**
 * @simplewebauthn/server, with its ASN.1 and certificate libraries, adds about 25 MB of resident
 * memory once loaded: it is imported at the first passkey ceremony, not when the server starts.
 */
export const webAuthn = (): Promise<typeof WebAuthn> => (loading ??= import('@simplewebauthn/server'));
