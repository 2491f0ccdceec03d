import { z } from 'zod';

/** The colour names the portal's theme defines; a phase colour is one of them or a hex colour. */
export const PHASE_COLOR_NAMES = [
  'gold', 'dark', 'gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange',
] as const; // prettier-ignore

/** The colour reaches an inline style on the dashboard, so only a colour may pass, never CSS. */
export const isPhaseColor = (value: string): boolean =>
  (PHASE_COLOR_NAMES as readonly string[]).includes(value) || /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);

export const PHASE_COLOR_RULE = `Phase colour must be a colour name (${PHASE_COLOR_NAMES.join(', ')}) or a hex colour such as #1e90ff`;

/** What the dashboard shows of an app the current user may open. */
export const DashboardApp = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  icon: z.string().nullable(),
  url: z.string().nullable(),
  description: z.string().nullable(),
  phase: z.string().nullable(),
  phaseDesc: z.string().nullable(),
  phaseColor: z.string().nullable(),
  progress: z.number().int().nullable(),
});
export type DashboardApp = z.infer<typeof DashboardApp>;

export const DashboardAppList = z.array(DashboardApp);

/** Every field of an app, as the admin console reads and writes it. */
export const App = DashboardApp.extend({
  audience: z.string(),
  redirect_urls: z.array(z.string()),
  frontchannel_logout_url: z.string().nullable(),
  backchannel_logout_url: z.string().nullable(),
  allow_global_admin: z.boolean(),
  allow_delegated_swc_token: z.boolean(),
  skip_uid_whitelist: z.boolean(),
  /** Forward auth and the OpenID Provider admit only a session in which the player used a passkey. */
  require_passkey: z.boolean(),
  /** The OAuth grants its OpenID Connect client may use (oidc-grants.ts). */
  grant_types: z.array(z.string()),
  /** The scopes its machine client (client credentials) gets. */
  machine_scopes: z.array(z.string()),
});
export type App = z.infer<typeof App>;

/** The dashboard's phase block shows only when phase, phaseDesc and progress are all present. */
export function phaseOf(
  app: Pick<DashboardApp, 'phase' | 'phaseDesc' | 'progress' | 'phaseColor'>,
): { label: string; description: string; progress: number; color: string } | null {
  if (!app.phase || !app.phaseDesc || app.progress === null || app.progress === undefined) return null;
  return {
    label: app.phase,
    description: app.phaseDesc,
    progress: Math.min(100, Math.max(0, app.progress)),
    // A colour stored before the rule above is not drawn.
    color: app.phaseColor && isPhaseColor(app.phaseColor) ? app.phaseColor : 'blue',
  };
}
