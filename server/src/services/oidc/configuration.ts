import { PASSKEY_ACR } from '../../domain/app-passkey.ts';
import type { Deps } from '../../deps.ts';
import { grantedScopes, OIDC_CLAIMS, OIDC_SCOPES, resourceIndicator } from '../../domain/oidc-client.ts';
import { createOidcAdapter } from './adapter.ts';
import { CookieKeys, LIBRARY_COOKIE_NAMES } from './cookie-keys.ts';
import { deviceFlowFeature } from './device-flow.ts';
import { oidcErrorPage } from './error-page.ts';
import { errors, type Configuration, type JWK, type KoaContextWithOIDC } from './library-gaps/index.ts';
import { appOf, clientApp, playerOf } from './lookups.ts';
import { OIDC_ROUTES, interactionUrl } from './paths.ts';
import { playerClaims } from './player.ts';
import { interactionRules } from './policy.ts';
import { stopPage } from './stop-page.ts';

export type OidcDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'encryptor' | 'keys' | 'accessChanged' | 'queue'>;

const HOUR = 3600;
export const OIDC_TTL = {
  AuthorizationCode: 60,
  AccessToken: 10 * 60,
  IdToken: HOUR,
  RefreshToken: 30 * 24 * HOUR,
  Grant: 30 * 24 * HOUR,
  Interaction: HOUR,
  Session: 14 * 24 * HOUR,
  DeviceCode: 10 * 60,
  ClientCredentials: 10 * 60,
} as const;

const STANDARD = new Set<string>(OIDC_SCOPES);
const ASKS_THE_PLAYER = new Set(['authorization', 'resume', 'code_verification', 'device_resume']);

/**
 * The part of `scope` the one access rule gives the player `uid` on the request's client now: the
 * standard scopes, and the others an admin granted on Central Consents or a rule of a group the
 * player is in gives. Every token issued is narrowed to it (library-gaps/scope-decided-at-every-token.ts).
 */
export async function scopeGivenNow(deps: OidcDeps, ctx: KoaContextWithOIDC, uid: string, scope: string): Promise<string> {
  const player = await playerOf(deps, ctx, uid);
  return grantedScopes(scope.split(' ').filter(Boolean), player?.scopes ?? []).granted.join(' ');
}

/**
 * What a player's access token for the app may carry: the standard scopes and those the player is
 * given now, whatever the code, refresh token or request names (the grant narrows it further).
 * Before anyone is signed in, what the request asks (the grant decides once someone is).
 */
async function playerResourceScopes(deps: OidcDeps, ctx: KoaContextWithOIDC): Promise<string[]> {
  const uid = ctx.oidc.account?.accountId ?? ctx.oidc.session?.accountId;
  if (!uid) return [...OIDC_SCOPES, ...ctx.oidc.requestParamScopes];
  const player = await playerOf(deps, ctx, uid);
  return [...OIDC_SCOPES, ...(player?.scopes ?? [])];
}

/**
 * The grant an admin's registration of the app stands for (there is no consent screen): the
 * standard scopes, and the others only where the admin granted them to this player on Central
 * Consents; what is refused is recorded as refused, so the library does not ask again.
 */
async function loadExistingGrant(deps: OidcDeps, ctx: KoaContextWithOIDC) {
  const { client, session } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const [app, player] = await Promise.all([appOf(deps, ctx), playerOf(deps, ctx, session.accountId)]);
  if (!app) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const found = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
  const grant =
    found && found.accountId === session.accountId && found.clientId === client.clientId
      ? found
      : new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
  // Decided afresh at each authorization: a consent an admin granted or revoked since counts now.
  const decided = (g: typeof grant) => JSON.stringify([g.openid, g.resources, g.rejected]);
  const before = grant === found ? decided(grant) : null;
  Object.assign(grant, { openid: undefined, resources: undefined, rejected: undefined });
  const { granted, refused } = grantedScopes([...ctx.oidc.requestParamScopes], player?.scopes ?? []);
  grant.addOIDCScope(granted.filter((s) => STANDARD.has(s)).join(' '));
  if (refused.length) grant.rejectOIDCScope(refused.join(' '));
  grant.addResourceScope(resourceIndicator(app), granted.join(' '));
  if (refused.length) grant.rejectResourceScope(resourceIndicator(app), refused.join(' '));
  if (decided(grant) !== before) await grant.save(); // unchanged since the last sign-in: nothing to write
  return grant;
}

export function oidcConfiguration(deps: OidcDeps, jwks: JWK[]): Configuration {
  const secure = deps.config.publicUrl.startsWith('https:');
  return {
    adapter: createOidcAdapter(deps),
    jwks: { keys: jwks },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    scopes: [...OIDC_SCOPES],
    // amr (how the player proved who they are) and auth_time go in every id_token, acr once a passkey was used (docs/oidc.md).
    claims: { ...OIDC_CLAIMS, openid: [...OIDC_CLAIMS.openid, 'acr', 'amr', 'auth_time'] } as Configuration['claims'],
    // acr_values=passkey asks for a passkey for one sign-in (the interaction policy's passkey_required check).
    acrValues: [PASSKEY_ACR],
    // The claims go in the id_token too: several apps read them only there.
    conformIdTokenClaims: false,
    enabledJWA: { idTokenSigningAlgValues: ['RS256', 'ES256'], userinfoSigningAlgValues: ['RS256', 'ES256'] },
    cookies: {
      keys: new CookieKeys(deps.encryptor.deriveKeys('oidc-provider cookies')),
      names: { ...LIBRARY_COOKIE_NAMES },
      long: { signed: true, secure, sameSite: 'lax' },
      short: { signed: true, secure, sameSite: 'lax' },
    },
    routes: { ...OIDC_ROUTES },
    ttl: { ...OIDC_TTL },
    // The portal's CORS plugin answers every origin it admits before the library sees the request (see
    // plugins/cors.ts); a cross-origin call that reaches the library's own check comes from one it refused.
    clientBasedCORS: () => false,
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    rotateRefreshToken: true,
    findAccount: async (ctx, sub) => {
      const player = await playerOf(deps, ctx, sub);
      if (!player) return undefined;
      // At the token endpoint (a code or a refresh), a player no longer admitted gets nothing; where the
      // player is asked (a browser's or a device's sign-in), the interaction tells them why.
      if (!player.decision.allowed && !ASKS_THE_PLAYER.has(ctx.oidc.route)) return undefined;
      return { accountId: sub, claims: () => ({ ...playerClaims(player), sub }) };
    },
    loadExistingGrant: (ctx) => loadExistingGrant(deps, ctx),
    interactions: {
      url: (_ctx, interaction) => interactionUrl('', interaction.uid),
      policy: interactionRules(deps),
    },
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true },
      revocation: { enabled: true },
      // Answered by the portal's own routes (checked live, one sign-out path); enabled so discovery names them.
      userinfo: { enabled: true },
      rpInitiatedLogout: { enabled: true },
      backchannelLogout: { enabled: true },
      pushedAuthorizationRequests: { enabled: false },
      deviceFlow: deviceFlowFeature(deps),
      // A machine client: its own audience, the scopes an admin allowed it (its machine scopes), no player.
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // The access token is for the app: its audience, RFC 9068.
        defaultResource: async (ctx) => {
          const app = await appOf(deps, ctx);
          return app ? resourceIndicator(app) : '';
        },
        useGrantedResource: () => true,
        getResourceServerInfo: async (ctx, resource) => {
          const app = await appOf(deps, ctx);
          if (!app || resource !== resourceIndicator(app)) {
            throw new errors.InvalidTarget(`this client's only resource is ${app ? resourceIndicator(app) : 'none'}`);
          }
          const scopes =
            ctx.oidc.params?.grant_type === 'client_credentials' ? app.machine_scopes : [...new Set(await playerResourceScopes(deps, ctx))];
          return {
            scope: scopes.join(' '),
            audience: app.audience,
            accessTokenTTL: OIDC_TTL.AccessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
    discovery: {
      frontchannel_logout_supported: true,
      frontchannel_logout_session_supported: true,
    },
    renderError: async (ctx, out) => {
      const clientId = ctx.oidc?.client?.clientId;
      const app = clientId ? await clientApp(deps, clientId).catch(() => null) : null;
      ctx.type = 'html';
      ctx.set('cache-control', 'no-store');
      ctx.body = stopPage(deps.config.publicUrl, oidcErrorPage(out, app?.name ?? null));
    },
  };
}
