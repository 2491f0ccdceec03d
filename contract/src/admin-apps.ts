import { z } from 'zod';

/** SPEC.md §9: the fixed list of 27 selectable app icons (or none). */
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

const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, `${label} must be an absolute http(s) URL`);

const optionalUrl = (label: string) =>
  z
    .union([httpUrl(label), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The body of POST /api/admin/apps and PUT /api/admin/apps/{id}. */
export const AppInput = z.object({
  key: z
    .string({ error: 'Key is required' })
    .trim()
    .min(1, 'Key is required')
    .max(64, 'Key must be at most 64 characters')
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Key may contain only lowercase letters, digits, "-" and "_"'),
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  audience: z
    .string({ error: 'Audience is required' })
    .trim()
    .min(1, 'Audience is required')
    .max(200, 'Audience must be at most 200 characters')
    .regex(/^[A-Za-z0-9._:/-]+$/, 'Audience may contain only letters, digits and . _ : / -'),
  icon: z
    .union([z.enum(APP_ICONS), z.literal(''), z.null()], { error: 'Icon must be one of the 27 offered icons' })
    .optional()
    .transform((v) => (v ? v : null)),
  url: optionalUrl('URL'),
  description: optionalText('Description', 500),
  phase: optionalText('Phase', 50),
  phaseDesc: optionalText('Phase description', 200),
  phaseColor: optionalText('Phase colour', 30),
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
});
export type AppInput = z.input<typeof AppInput>;

/** SPEC.md §5: progress is parsed as an integer with fallback 0; redirect URLs split on whitespace. */
export function parseProgress(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isNaN(n) ? 0 : n;
}

export function splitRedirectUrls(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}
