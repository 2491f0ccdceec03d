import { z } from 'zod';
import { ScopeValue } from './central-grants.ts';

/** The OAuth grants an app's OpenID Connect client may use. */
export const GRANT_TYPES = [
  'authorization_code',
  'refresh_token',
  'urn:ietf:params:oauth:grant-type:device_code',
  'client_credentials',
] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export const DEVICE_CODE_GRANT: GrantType = 'urn:ietf:params:oauth:grant-type:device_code';

/** What an app may use unless an admin says otherwise: sign-in with a code, and refresh tokens. */
export const DEFAULT_GRANT_TYPES: GrantType[] = ['authorization_code', 'refresh_token'];

/** Each grant in words a guild leader reads on the app's Sign-in settings. */
export const GRANT_TYPE_LABELS: Record<GrantType, { label: string; description: string }> = {
  authorization_code: {
    label: 'Sign-in with a code (browser apps)',
    description: 'The player signs in through the portal in a browser and is sent back to a redirect URL.',
  },
  refresh_token: {
    label: 'Stay signed in (refresh tokens)',
    description: 'With offline_access the app keeps access while the player is away, up to 30 days.',
  },
  'urn:ietf:params:oauth:grant-type:device_code': {
    label: 'Device code (bots, command-line tools)',
    description: 'The app shows a short code; the player enters it on the portal’s /device page and allows the app.',
  },
  client_credentials: {
    label: 'Machine client (no player)',
    description: 'The app signs in as itself with its client secret and gets the machine scopes below, for its own audience.',
  },
};

const GRANT_RULE = `Grant types may only be ${GRANT_TYPES.join(', ')}`;

/** The grants of an app: at least one, each once; refresh tokens only beside a grant that signs a player in. */
export const GrantTypesField = z
  .array(z.enum(GRANT_TYPES, { error: GRANT_RULE }), { error: 'Grant types must be a list' })
  .transform((list) => GRANT_TYPES.filter((g) => list.includes(g)))
  .refine((list) => list.length > 0, 'Choose at least one way for the app to sign in')
  .refine(
    (list) => !list.includes('refresh_token') || list.includes('authorization_code') || list.includes(DEVICE_CODE_GRANT),
    'Refresh tokens need sign-in with a code or a device code: a machine client asks for a new token instead',
  )
  .default([...DEFAULT_GRANT_TYPES]);

/** The scopes an admin allows the app's machine client: at most 50 scope-tokens, each once. */
export const MachineScopesField = z
  .array(ScopeValue, { error: 'Machine scopes must be a list' })
  .max(50, 'At most 50 machine scopes')
  .transform((list) => [...new Set(list)])
  .default([]);

/** What each standard scope lets an app know or do, as the player reads it before allowing a device. */
export const SCOPE_WORDS: Record<string, string> = {
  openid: 'Know who you are: your SWCombine character UID',
  profile: 'Your character name, picture, faction and race',
  email: 'Your e-mail address, when SWCombine gave one',
  roles: 'Your roles on this app',
  groups: 'The groups and factions you are in',
  offline_access: 'Keep access while you are away (up to 30 days, until you or an admin end it)',
};

/** A scope in words; one an admin grants on Central Consents reads as its name. */
export const scopeInWords = (scope: string): string => SCOPE_WORDS[scope] ?? `${scope} (only if an admin granted it to you)`;
