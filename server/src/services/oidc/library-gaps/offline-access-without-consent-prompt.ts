import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { OIDC_ROUTES } from '../paths.ts';

/**
 * The library drops `offline_access` from an authorization request without `prompt=consent` (the
 * OpenID Connect Core §11 rule for a consent screen). The portal has no consent screen: an admin
 * registering the app is the consent. Such a request is given `prompt=consent`, which the portal's
 * interaction answers itself.
 */
export function offlineAccessWithoutConsentPrompt(provider: Provider): void {
  provider.use(async (koaContext, next) => {
    askConsentForOfflineAccess(koaContext as KoaContextWithOIDC);
    await next();
  });
}

export function askConsentForOfflineAccess(ctx: Pick<KoaContextWithOIDC, 'path' | 'method' | 'query'>): void {
  if (ctx.path !== OIDC_ROUTES.authorization || ctx.method !== 'GET') return;
  const scope = typeof ctx.query.scope === 'string' ? ctx.query.scope.split(' ') : [];
  const prompt = typeof ctx.query.prompt === 'string' ? ctx.query.prompt.split(' ').filter(Boolean) : [];
  if (!scope.includes('offline_access') || prompt.includes('none') || prompt.includes('consent')) return;
  ctx.query = { ...ctx.query, prompt: [...prompt, 'consent'].join(' ') };
}
