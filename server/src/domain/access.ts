import { PORTAL_APP_KEY } from '@portal/contract';

export type AccessStatus = 'active' | 'suspended' | null;

export interface AccessInput {
  app: { key: string; skip_uid_whitelist: boolean; allow_global_admin: boolean };
  status: AccessStatus;
  isGlobalAdmin: boolean;
}

export type AccessDecision = { allowed: true; via: 'portal' | 'access' | 'bypass' | 'global_admin' } | { allowed: false; reason: string };

/** Who may sign in to an app: the portal admits every player; other apps need one of three grounds. */
export function decideAccess({ app, status, isGlobalAdmin }: AccessInput): AccessDecision {
  if (app.key === PORTAL_APP_KEY) return { allowed: true, via: 'portal' };
  if (status === 'active') return { allowed: true, via: 'access' };
  if (app.skip_uid_whitelist) return { allowed: true, via: 'bypass' };
  if (isGlobalAdmin && app.allow_global_admin) return { allowed: true, via: 'global_admin' };
  return {
    allowed: false,
    reason: status === 'suspended' ? 'Your access to this app is suspended.' : 'You have not been granted access to this app.',
  };
}
