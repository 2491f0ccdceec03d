import type { SigningKeysReplaced } from '@portal/contract';

/** What the confirming dialog says will happen, before the admin replaces the keys. */
export const REPLACE_SIGNING_KEYS_WARNING = [
  'Use this when a signing key may have leaked. New keys sign every token from now on, and the old keys leave the published key set at once.',
  'Every token the old keys signed (apps’ access and ID tokens, the JWTs forward auth sends, service JWTs) stops verifying at each app once its cached copy of the key set expires: within 5 minutes for apps that follow the portal’s cache time.',
  'Players stay signed in: their sessions and refresh tokens are not signed with these keys, so apps get new tokens at their next refresh. Every service JWT is re-issued into its Kubernetes secret now. This cannot be undone.',
];

/** The outcome, in words. */
export function replacedSigningKeysText(r: SigningKeysReplaced): string {
  const minutes = Math.ceil(r.jwks_max_age_seconds / 60);
  const jwts = `${r.service_jwts_reissued} service JWT${r.service_jwts_reissued === 1 ? '' : 's'} re-issued`;
  const failed = r.service_jwts_failed.length
    ? `; could not write ${r.service_jwts_failed.join(', ')}: rotate ${r.service_jwts_failed.length === 1 ? 'it' : 'them'} from the list`
    : '';
  return `Signing keys replaced. Tokens signed by the old keys stop verifying as apps fetch the new key set (within ${minutes} minutes for apps that follow its cache time). ${jwts}${failed}.`;
}
