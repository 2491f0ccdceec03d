import { DEFAULT_SWC_ACTOR, DEFAULT_SWC_TENANT } from '@portal/contract';
import { getRuntimeConfig } from '@/lib/runtime-config.ts';

/**
 * Where Save & Connect sends the browser (a navigation, not a fetch: the answer is a redirect to
 * SWCombine). An empty tenant or actor falls back to the defaults; scopes are trimmed, de-duplicated
 * and space-joined.
 */
export function swcConnectUrl(input: { tenant: string; actor: string; scopes: readonly string[] }): string {
  const scopes = [...new Set(input.scopes.map((s) => s.trim()).filter(Boolean))];
  const params = new URLSearchParams({
    tenant_id: input.tenant.trim() || DEFAULT_SWC_TENANT,
    actor: input.actor.trim() || DEFAULT_SWC_ACTOR,
    requested_scopes: scopes.join(' '),
  });
  const base = getRuntimeConfig().integrationBaseUrl.replace(/\/+$/, '');
  return `${base}/api/admin/swc/connect?${params.toString()}`;
}

/** Save & Connect leaves the app; an object, so tests can watch where it goes. */
export const browserNavigation = { go: (url: string) => window.location.assign(url) };
