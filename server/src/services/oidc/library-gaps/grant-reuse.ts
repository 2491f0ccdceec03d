import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

const reused = new WeakSet<KoaContextWithOIDC>();

/**
 * The library answers a replayed authorization code or refresh token as any bad grant
 * (`invalid_grant`), and revokes the grant it belongs to: its only word of the replay is the
 * `grant.revoked` event, emitted with the token request's context. Such a request is marked, so
 * that the portal can audit the replay (see `grantReused`).
 */
export function detectGrantReuse(provider: Provider): void {
  provider.on('grant.revoked', (ctx: KoaContextWithOIDC) => {
    if (ctx.oidc?.route === 'token') reused.add(ctx);
  });
}

/** Whether this token request replayed a code or a refresh token (the library revoked its grant). */
export const grantReused = (ctx: KoaContextWithOIDC): boolean => reused.has(ctx);
