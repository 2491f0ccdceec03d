import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { type InteractionResults, type JWK, type KoaContextWithOIDC } from 'oidc-provider';
import { AuditEvent } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { recordOidcSessionApp } from '../../queries/session-apps.ts';
import { audit } from '../audit.ts';
import { oidcConfiguration } from './configuration.ts';
import { closeLibraryGaps } from './library-gaps.ts';
import { appOf } from './lookups.ts';
import { OIDC_ROUTES } from './paths.ts';
import { runInOidcRequest, currentOidcRequest, type OidcRequest } from './request-context.ts';

export type OidcProviderDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'encryptor' | 'keys' | 'authCache' | 'queue'>;

/** The OpenID Provider as the portal's routes use it. */
export interface OidcProvider {
  /** Hands one request to the protocol library. */
  handle(req: IncomingMessage, res: ServerResponse, request: OidcRequest): Promise<void>;
  interactionDetails(req: IncomingMessage, res: ServerResponse, request: OidcRequest): ReturnType<Provider['interactionDetails']>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, request: OidcRequest, result: InteractionResults): Promise<void>;
  /** Keeps `result` with the interaction without finishing it (read back by interactionDetails). */
  interactionResult(req: IncomingMessage, res: ServerResponse, request: OidcRequest, result: InteractionResults): Promise<void>;
  /** The library's record of an access token (none once revoked or expired). */
  findAccessToken(token: string, request: OidcRequest): ReturnType<Provider['AccessToken']['find']>;
}

const grantsReused = new WeakSet<object>();

/** offline_access needs no prompt=consent here (registering the app is the consent), but the library drops it without one. */
function askConsentForOfflineAccess(ctx: KoaContextWithOIDC): void {
  if (ctx.path !== OIDC_ROUTES.authorization || ctx.method !== 'GET') return;
  const scope = typeof ctx.query.scope === 'string' ? ctx.query.scope.split(' ') : [];
  const prompt = typeof ctx.query.prompt === 'string' ? ctx.query.prompt.split(' ').filter(Boolean) : [];
  if (!scope.includes('offline_access') || prompt.includes('none') || prompt.includes('consent')) return;
  ctx.query = { ...ctx.query, prompt: [...prompt, 'consent'].join(' ') };
}

/** A code was issued: the app is recorded on the portal session (for sign-out) and the sign-in audited. */
async function recordAuthorization(deps: OidcProviderDeps, ctx: KoaContextWithOIDC): Promise<void> {
  const request = currentOidcRequest();
  const [auth, app] = await Promise.all([request.auth(), appOf(deps, ctx)]);
  if (!auth || !app) return;
  // Independent writes, sent at once.
  await Promise.all([
    recordOidcSessionApp(deps.db, auth.session.id, app.id),
    audit(deps.db, request.meta, {
      event: AuditEvent.OidcAuthorized,
      userId: auth.user.id,
      appKey: app.key,
      at: deps.clock.now(),
      details: { client_id: app.key, scope: ctx.oidc.params?.scope ?? null, sid: auth.session.sid },
    }),
  ]);
}

function build(deps: OidcProviderDeps, jwks: JWK[]): Provider {
  const provider = new Provider(deps.config.publicUrl, oidcConfiguration(deps, jwks));
  provider.proxy = true; // the scheme and host come from PUBLIC_URL, see asPublicRequest
  closeLibraryGaps(provider);
  provider.on('grant.revoked', (ctx: KoaContextWithOIDC) => {
    if (ctx.oidc?.route === 'token') grantsReused.add(ctx);
  });
  provider.use(async (koaContext, next) => {
    // Before routing the library's context has no `oidc` yet; after it, it does.
    const ctx = koaContext as KoaContextWithOIDC;
    askConsentForOfflineAccess(ctx);
    await next();
    const route = (ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.route;
    if ((route === 'authorization' || route === 'resume') && ctx.oidc.entities.AuthorizationCode) await recordAuthorization(deps, ctx);
    if (grantsReused.has(ctx)) {
      const request = currentOidcRequest();
      await audit(deps.db, request.meta, {
        event: AuditEvent.OidcGrantReused,
        appKey: ctx.oidc.client?.clientId ?? null,
        at: deps.clock.now(),
        details: {
          client_id: ctx.oidc.client?.clientId ?? null,
          grant_type: ctx.oidc.params?.grant_type ?? null,
          account: ctx.oidc.account?.accountId ?? null,
        },
      });
    }
  });
  return provider;
}

/**
 * The library writes its endpoints' addresses from the request's host and scheme: they are set
 * from PUBLIC_URL, so a forged Host or X-Forwarded-* header cannot change what it answers.
 */
function asPublicRequest(req: IncomingMessage, publicUrl: URL): void {
  req.headers.host = publicUrl.host;
  req.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
  delete req.headers['x-forwarded-host'];
  delete req.headers['x-forwarded-port'];
}

/** The library is built with the signing keys of the moment, and again when they rotate. */
export function createOidcProvider(deps: OidcProviderDeps): OidcProvider {
  const publicUrl = new URL(deps.config.publicUrl);
  let current: { kids: string; provider: Provider; callback: ReturnType<Provider['callback']> } | null = null;
  async function built() {
    const jwks = await deps.keys.signingJwks();
    const kids = jwks.map((k) => k.kid).join(' ');
    if (current?.kids !== kids) {
      const provider = build(deps, jwks);
      current = { kids, provider, callback: provider.callback() };
    }
    return current;
  }
  const provider = async () => (await built()).provider;
  return {
    async handle(req, res, request) {
      const { callback } = await built();
      asPublicRequest(req, publicUrl);
      await runInOidcRequest(request, () => callback(req, res) as Promise<void>);
    },
    async interactionDetails(req, res, request) {
      const p = await provider();
      asPublicRequest(req, publicUrl);
      return runInOidcRequest(request, () => p.interactionDetails(req, res));
    },
    async interactionFinished(req, res, request, result) {
      const p = await provider();
      asPublicRequest(req, publicUrl);
      await runInOidcRequest(request, () => p.interactionFinished(req, res, result, { mergeWithLastSubmission: false }));
    },
    async interactionResult(req, res, request, result) {
      const p = await provider();
      asPublicRequest(req, publicUrl);
      await runInOidcRequest(request, () => p.interactionResult(req, res, result, { mergeWithLastSubmission: false }));
    },
    async findAccessToken(token, request) {
      const p = await provider();
      return runInOidcRequest(request, () => p.AccessToken.find(token));
    },
  };
}
