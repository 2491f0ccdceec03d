import { z } from 'zod';
import { isPhaseColor, PHASE_COLOR_RULE } from './apps.ts';
import { GrantTypesField, MachineScopesField } from './oidc-grants.ts';
import { multiLineText, optional, singleLineText } from './text.ts';

/** The fixed list of 27 selectable app icons (or none). */
export const APP_ICONS = [
  '🚀',
  '🛰️',
  '🪐',
  '🌌',
  '⭐',
  '☄️',
  '🌍',
  '🛸',
  '🔭',
  '⚙️',
  '🔧',
  '🛠️',
  '🏭',
  '📦',
  '💰',
  '📈',
  '📊',
  '🗺️',
  '🛡️',
  '⚔️',
  '🎯',
  '🔐',
  '📡',
  '💬',
  '📜',
  '🧭',
  '🤖',
] as const;

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
  } catch {
    return false;
  }
};

const URL_MAX = 2048;
const httpUrl = (label: string) => singleLineText(label, { max: URL_MAX }).refine(isHttpUrl, `${label} must be an absolute http(s) URL`);
const optionalUrl = (label: string) =>
  optional(singleLineText(label, { max: URL_MAX }).refine((v) => !v || isHttpUrl(v), `${label} must be an absolute http(s) URL`));

/** An app's key: also its name in URLs such as /api/admin/users/{id}/apps/{appKey}. */
export const appKeyField = (label: string) =>
  singleLineText(label, { min: 1, max: 64 }).regex(
    /^[a-z0-9][a-z0-9_-]*$/,
    `${label} may contain only lowercase letters, digits, "-" and "_"`,
  );

/** An app's audience: the `aud` of its tokens and of /auth/login and /auth/verify. */
export const audienceField = (label: string) =>
  singleLineText(label, { min: 1, max: 200 }).regex(/^[A-Za-z0-9._:/-]+$/, `${label} may contain only letters, digits and . _ : / -`);

/** The body of POST /api/admin/apps and PUT /api/admin/apps/{id}. */
export const AppInput = z.object({
  key: appKeyField('Key'),
  name: singleLineText('Name', { min: 1, max: 100 }),
  audience: audienceField('Token audience'),
  icon: z
    .union([z.enum(APP_ICONS), z.literal(''), z.null()], { error: 'Icon must be one of the 27 offered icons' })
    .optional()
    .transform((v) => (v ? v : null)),
  url: optionalUrl('URL'),
  description: optional(multiLineText('Description', { max: 500 })),
  phase: optional(singleLineText('Phase', { max: 50 })),
  phaseDesc: optional(singleLineText('Phase description', { max: 200 })),
  phaseColor: optional(singleLineText('Phase colour', { max: 30 }).refine((v) => !v || isPhaseColor(v), PHASE_COLOR_RULE)),
  progress: z
    .number({ error: 'Progress must be a whole number' })
    .int('Progress must be a whole number')
    .min(0, 'Progress must be between 0 and 100')
    .max(100, 'Progress must be between 0 and 100')
    .default(0),
  redirect_urls: z.array(httpUrl('Each redirect URL')).max(50, 'At most 50 redirect URLs').default([]),
  frontchannel_logout_url: optionalUrl('Front-channel logout URL'),
  backchannel_logout_url: optionalUrl('Back-channel logout URL'),
  allow_global_admin: z.boolean().default(false),
  allow_delegated_swc_token: z.boolean().default(false),
  skip_uid_whitelist: z.boolean().default(false),
  require_passkey: z.boolean().default(false),
  grant_types: GrantTypesField,
  machine_scopes: MachineScopesField,
});
export type AppInput = z.input<typeof AppInput>;

/** The form's progress is parsed as an integer with fallback 0; its redirect URLs are split on whitespace. */
export function parseProgress(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isNaN(n) ? 0 : n;
}

export function splitRedirectUrls(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}
