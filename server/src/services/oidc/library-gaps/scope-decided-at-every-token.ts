import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

/** The part of `scope` the portal gives the player `accountId` on the request's client now. */
export type ScopeGivenNow = (ctx: KoaContextWithOIDC, accountId: string, scope: string) => Promise<string>;

/**
 * At the token endpoint the library issues the scope of the code, device code or refresh token in
 * hand, as it was decided when that was issued, and a refresh copies the refresh token's scope into
 * the next one: a scope taken from the player since (a group left, a rule or a consent changed)
 * would live on for the 30 days of the refresh token. The library hands that very token to
 * `findAccount` and reads its scope only afterwards, so the portal narrows it there to what it
 * gives now: every token issued carries the narrower scope, and a rotated refresh token keeps it,
 * so no later refresh widens it again (RFC 6749 §6).
 */
export function scopeDecidedAtEveryToken(configuration: Configuration, givenNow: ScopeGivenNow): Configuration {
  const findAccount = configuration.findAccount;
  if (!findAccount) return configuration;
  return {
    ...configuration,
    findAccount: async (ctx, sub, token) => {
      const account = await findAccount(ctx, sub, token);
      if (account && token && ctx.oidc.route === 'token' && typeof token.scope === 'string') {
        token.scope = await givenNow(ctx, sub, token.scope);
      }
      return account;
    },
  };
}
