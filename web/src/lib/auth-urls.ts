import { PORTAL_APP_KEY } from '@portal/contract';
import { getRuntimeConfig } from './runtime-config.ts';

/** A path on the central auth service ('' as base means the SPA's own origin). */
export function authServiceUrl(path: string): string {
  return `${getRuntimeConfig().authBaseUrl.replace(/\/+$/, '')}${path}`;
}

/** Where "Login with SWCombine" sends the browser; the auth service returns it to this site's /dashboard. */
export function loginUrl(origin: string): string {
  const rd = encodeURIComponent(`${origin}/dashboard`);
  return authServiceUrl(`/auth/login?aud=${PORTAL_APP_KEY}&rd=${rd}`);
}

/** A fresh SWCombine sign-in (even with a session), back to Your account: adding a passkey needs one. */
export function freshSignInUrl(origin: string): string {
  const rd = encodeURIComponent(`${origin}/account`);
  return authServiceUrl(`/auth/login?aud=${PORTAL_APP_KEY}&rd=${rd}&prompt=login`);
}

export function logoutUrl(): string {
  return authServiceUrl('/auth/logout');
}

/** The auth service's address as an app outside this page must be given it: absolute, without a trailing slash. */
export function authServiceOrigin(): string {
  return getRuntimeConfig().authBaseUrl.replace(/\/+$/, '') || window.location.origin;
}
