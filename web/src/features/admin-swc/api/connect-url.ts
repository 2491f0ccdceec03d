import { adminSwc, DEFAULT_SWC_ACTOR, DEFAULT_SWC_TENANT, type SwcBindingActor } from '@portal/contract';
import { urlOf } from '@/lib/api-client.ts';
import { getRuntimeConfig } from '@/lib/runtime-config.ts';

/**
 * Where Save & Connect sends the browser (a navigation, not a fetch: the answer is a redirect to
 * SWCombine). An empty tenant or actor falls back to the defaults; scopes are trimmed, de-duplicated
 * and space-joined.
 */
export function swcConnectUrl(input: { tenant: string; actor: string; scopes: readonly string[] }): string {
  const scopes = [...new Set(input.scopes.map((s) => s.trim()).filter(Boolean))];
  const query = {
    tenant_id: input.tenant.trim() || DEFAULT_SWC_TENANT,
    // One the form offers; the server refuses any other (400), as it did before this was typed.
    actor: (input.actor.trim() || DEFAULT_SWC_ACTOR) as SwcBindingActor,
    requested_scopes: scopes.join(' '),
  };
  const base = getRuntimeConfig().integrationBaseUrl.replace(/\/+$/, '');
  return base + urlOf(adminSwc.connect, { query });
}

/** Save & Connect leaves the app; an object, so tests can watch where it goes. */
export const browserNavigation = { go: (url: string) => window.location.assign(url) };
