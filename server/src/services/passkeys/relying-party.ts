import type { Config } from '../../config.ts';

/** Minutes a passkey prompt (its challenge) may be answered in. */
export const CHALLENGE_MINUTES = 5;

/** Who the passkeys belong to: PUBLIC_URL's host is the RP ID, its origin the only one accepted. */
export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: 'Industry Alignment Management Platform' };
}
