import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuditEvent } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import type { AuditEntry } from '../../queries/audit.ts';
import { writeOidcRequest } from '../../queries/oidc-request-writes.ts';
import { endAccess } from '../access-end/end-access.ts';
import { recordJwtAccessToken } from './adapter.ts';
import { oidcConfiguration, scopeGivenNow } from './configuration.ts';
import { createLibraryProvider, type InteractionResults, type JWK, type KoaContextWithOIDC, type Provider } from './library-gaps/index.ts';
import { appOf } from './lookups.ts';
import { currentOidcRequest, runInOidcRequest, type OidcRequest } from './request-context.ts';
import { OidcRequestWrites } from './request-writes.ts';

export type OidcProviderDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'encryptor' | 'keys' | 'authCache' | 'queue'>;

/** The OpenID Provider as the portal's routes use it. */
export interface OidcProvider {
  /** Hands one request to the protocol library. */
  handle(req: IncomingMessage, res: ServerResponse, request: OidcRequest): Promise<void>;
  interactionDetails(req: IncomingMessage, res: ServerResponse, request: OidcRequest): ReturnType<Provider['interactionDetails']>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, request: OidcRequest, result: InteractionResults): Promise<void>;
  /** Keeps `result` with the interaction without finishing it (read back by interactionDetails). */
  interactionResult(req: IncomingMessage, res: ServerResponse, request: OidcRequest, result: InteractionResults): Promise<void>;
}

const grantsReused = new WeakSet<object>();
const DEVICE_ROUTES = new Set(['code_verification', 'device_resume']);

/** A player allowed an app (a code issued, or a device allowed): the app is recorded on the portal session (for sign-out) and it is audited. */
async function recordAuthorization(
  deps: OidcProviderDeps,
  ctx: KoaContextWithOIDC,
  writes: OidcRequestWrites,
  via?: string,
): Promise<void> {
  const { auth, meta } = currentOidcRequest();
  const app = await appOf(deps, ctx);
  if (!auth || !app) return;
  const scope = ctx.oidc.entities.DeviceCode?.scope ?? ctx.oidc.params?.scope ?? null;
  writes.recordSessionApp(auth.session.id, app.id);
  writes.audit({
    event: AuditEvent.OidcAuthorized,
    userId: auth.user.id,
    appKey: app.key,
    at: deps.clock.now(),
    ip: meta.ip,
    userAgent: meta.userAgent,
    details: { client_id: app.key, scope, sid: auth.session.sid, ...(via ? { via } : {}) },
  });
}

/** What the portal writes down once the library has answered: authorizations, refusals, replays, machine tokens. */
async function auditOutcome(deps: OidcProviderDeps, ctx: KoaContextWithOIDC, writes: OidcRequestWrites): Promise<void> {
  const oidc = ctx.oidc as KoaContextWithOIDC['oidc'] | undefined;
  const route = oidc?.route;
  if (!oidc || !route) return;
  const { meta, auth } = currentOidcRequest();
  const from = { at: deps.clock.now(), ip: meta.ip, userAgent: meta.userAgent };
  const clientId = oidc.client?.clientId ?? oidc.entities.DeviceCode?.clientId ?? null;
  if ((route === 'authorization' || route === 'resume') && oidc.entities.AuthorizationCode) return recordAuthorization(deps, ctx, writes);
  const device = oidc.entities.DeviceCode;
  if (DEVICE_ROUTES.has(route) && device?.accountId && !device.error) return recordAuthorization(deps, ctx, writes, 'a device code');
  if (route === 'code_verification' && device?.error === 'access_denied' && oidc.params?.abort) {
    return writes.audit({
      event: AuditEvent.OidcRefused,
      userId: auth?.user.id ?? null,
      appKey: clientId,
      ...from,
      details: { client_id: clientId, via: 'a device code', reason: 'the player denied the device' },
    });
  }
  if (route === 'token' && oidc.entities.ClientCredentials && ctx.status === 200) {
    return writes.audit({
      event: AuditEvent.OidcMachineToken,
      appKey: clientId,
      ...from,
      details: { client_id: clientId, scope: oidc.entities.ClientCredentials.scope ?? null },
    });
  }
  if (grantsReused.has(ctx)) writes.audit(grantReused(ctx, from));
}

function grantReused(ctx: KoaContextWithOIDC, from: { at: Date; ip: string; userAgent: string | null }): AuditEntry {
  const clientId = ctx.oidc.client?.clientId ?? null;
  return {
    event: AuditEvent.OidcGrantReused,
    appKey: clientId,
    ...from,
    details: { client_id: clientId, grant_type: ctx.oidc.params?.grant_type ?? null, account: ctx.oidc.account?.accountId ?? null },
  };
}

/**
 * Writes what the request wrote, in one statement, before the answer leaves. When another request
 * redeemed the same code or refresh token meanwhile, this one is a replay: nothing it issued is
 * kept, the grant ends (RFC 6749 §4.1.2 and §10.4) and the client is answered invalid_grant.
 */
async function writeRequest(deps: OidcProviderDeps, ctx: KoaContextWithOIDC, writes: OidcRequestWrites): Promise<void> {
  const redeemedUnder = writes.consumedGrants();
  if (await writeOidcRequest(deps.db, writes.take())) return;
  if (ctx.oidc?.route !== 'token') throw new Error('a record this request used up was used up by another');
  for (const grantId of redeemedUnder) await endAccess(deps, { kind: 'grant', grantId });
  const { meta } = currentOidcRequest();
  await writeOidcRequest(deps.db, {
    records: [],
    sessionApps: [],
    audits: [grantReused(ctx, { at: deps.clock.now(), ip: meta.ip, userAgent: meta.userAgent })],
  });
  ctx.status = 400;
  ctx.set('cache-control', 'no-store');
  ctx.body = { error: 'invalid_grant', error_description: 'grant request is invalid' };
}

function build(deps: OidcProviderDeps, jwks: JWK[]): Provider {
  const provider = createLibraryProvider(deps.config.publicUrl, oidcConfiguration(deps, jwks), {
    recordJwtAccessToken: (model, token, exp) => recordJwtAccessToken(deps, model, token, exp),
    scopeGivenNow: (ctx, uid, scope) => scopeGivenNow(deps, ctx, uid, scope),
  });
  provider.proxy = true; // the scheme and host come from PUBLIC_URL, see asPublicRequest
  provider.on('grant.revoked', (ctx: KoaContextWithOIDC) => {
    if (ctx.oidc?.route === 'token') grantsReused.add(ctx);
  });
  provider.use(async (koaContext, next) => {
    await next();
    const ctx = koaContext as KoaContextWithOIDC;
    const { writes } = currentOidcRequest();
    if (!writes) return;
    await auditOutcome(deps, ctx, writes);
    await writeRequest(deps, ctx, writes);
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
      const writes = new OidcRequestWrites();
      await runInOidcRequest({ ...request, writes }, () => callback(req, res) as Promise<void>);
      // Written after the answer only if the library wrote past its own middleware (it does not today).
      await writeOidcRequest(deps.db, writes.take());
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
  };
}
