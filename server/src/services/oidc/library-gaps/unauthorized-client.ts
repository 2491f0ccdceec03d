import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

const DEVICE_CODE = 'urn:ietf:params:oauth:grant-type:device_code';

/** Why a client may not use a grant type, in words for the app's developer. */
export type ExplainGrantRefusal = (clientId: string, grantType: string) => Promise<string>;

/**
 * The library answers `invalid_request` when a client uses a grant type it is not registered for,
 * at the token endpoint and the device authorization endpoint. RFC 6749 §5.2 has a code for it,
 * `unauthorized_client`, which is what the portal answers, with the reason in words.
 */
export function unauthorizedClientForGrantType(provider: Provider, explain: ExplainGrantRefusal): void {
  provider.use(async (koaContext, next) => {
    await next();
    const ctx = koaContext as KoaContextWithOIDC;
    const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
    if (oidc?.route !== 'token' && oidc?.route !== 'device_authorization') return;
    const body = ctx.body as { error?: unknown } | undefined;
    if (ctx.status !== 400 || body?.error !== 'invalid_request' || !oidc.client) return;
    const grantType = oidc.route === 'token' ? oidc.params?.grant_type : DEVICE_CODE;
    if (typeof grantType !== 'string' || oidc.client.grantTypeAllowed(grantType)) return;
    ctx.body = { error: 'unauthorized_client', error_description: await explain(oidc.client.clientId, grantType) };
  });
}
