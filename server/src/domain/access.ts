import { PORTAL_APP_KEY } from '@portal/contract';

/** What an admin recorded for a player on an app; null when nothing was ever recorded. */
export type AccessStatus = 'active' | 'suspended' | 'revoked' | null;

export interface AccessInput {
  app: { key: string; skip_uid_whitelist: boolean; allow_global_admin: boolean };
  status: AccessStatus;
  isGlobalAdmin: boolean;
}

export type AccessDecision = { allowed: true; via: 'portal' | 'access' | 'bypass' | 'global_admin' } | { allowed: false; reason: string };

const REFUSED = {
  suspended: 'Your access to this app is suspended.',
  revoked: 'Your access to this app was revoked.',
  none: 'You have not been granted access to this app.',
} as const;

/**
 * Who may use an app: the one rule behind forward auth, token exchange, sign-in and the dashboard.
 * The portal admits every player. Elsewhere a suspension or revocation recorded for the player
 * always wins; the UID-whitelist bypass and the global-admin allowance stand in only for a grant
 * that was never recorded.
 */
export function decideAccess({ app, status, isGlobalAdmin }: AccessInput): AccessDecision {
  if (app.key === PORTAL_APP_KEY) return { allowed: true, via: 'portal' };
  if (status === 'suspended' || status === 'revoked') return { allowed: false, reason: REFUSED[status] };
  if (status === 'active') return { allowed: true, via: 'access' };
  if (app.skip_uid_whitelist) return { allowed: true, via: 'bypass' };
  if (isGlobalAdmin && app.allow_global_admin) return { allowed: true, via: 'global_admin' };
  return { allowed: false, reason: REFUSED.none };
}

/** The app roles a player's tokens carry: the central roles for the app, plus `admin` for a global admin it admits. */
export function rolesForApp(appRoles: readonly string[], isAdmin: boolean, allowGlobalAdmin: boolean): string[] {
  return isAdmin && allowGlobalAdmin && !appRoles.includes('admin') ? [...appRoles, 'admin'] : [...appRoles];
}
