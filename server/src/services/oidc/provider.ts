import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuditEvent } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { insertAudit, type AuditEntry } from '../../queries/audit.ts';
import { writeOidcRequest } from '../../queries/oidc-request-writes.ts';
import { inTransaction } from '../../db/pool.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { recordJwtAccessToken } from './adapter.ts';
import { oidcConfiguration, scopeGivenNow } from './configuration.ts';
import {
  createLibraryProvider,
  grantReused,
  type InteractionResults,
  type JWK,
  type KoaContextWithOIDC,
  type Provider,
} from './library-gaps/index.ts';
import { appOf } from './lookups.ts';
import { currentOidcRequest, handOverWith, type OidcRequest } from './request-context.ts';
import { OidcRequestWrites } from './request-writes.ts';

export type OidcProviderDeps = Pick<Deps, 'db' | 'clock' | 'config' | 'encryptor' | 'keys' | 'accessChanged' | 'queue'>;

/** The OpenID Provider as the portal's routes use it. */
export interface OidcProvider {
  /** Hands one request to the protocol library. */
  handle(req: IncomingMessage, res: ServerResponse, request: OidcRequest): Promise<void>;
  interactionDetails(req: IncomingMessage, res: ServerResponse): ReturnType<Provider['interactionDetails']>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResults): Promise<void>;
  /** Keeps `result` with the interaction without finishing it (read back by interactionDetails). */
  interactionResult(req: IncomingMessage, res: ServerResponse, result: InteractionResults): Promise<void>;
}

const DEVICE_ROUTES = new Set(['code_verification', 'device_resume']);

/** A player allowed an app (a code issued, or a device allowed): the app is recorded on the portal session (for sign-out) and it is audited. */
async function recordAuthorization(
  deps: OidcProviderDeps,
  ctx: KoaContextWithOIDC,
  writes: OidcRequestWrites,
  via?: string,
): Promise<void> {
  const { auth, meta } = currentOidcRequest(ctx);
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
  // After the library's own handling: the request is found through its context, no longer in hand.
  const { meta, auth } = currentOidcRequest(ctx);
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
  if (grantReused(ctx)) writes.audit(grantReusedEntry(ctx, from));
}

function grantReusedEntry(ctx: KoaContextWithOIDC, from: { at: Date; ip: string; userAgent: string | null }): AuditEntry {
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
 * kept, the grant ends (RFC 6749 §4.1.2 and §10.4), audited in the same transaction, and the
 * client is answered invalid_grant.
 */
async function writeRequest(deps: OidcProviderDeps, ctx: KoaContextWithOIDC, writes: OidcRequestWrites): Promise<void> {
  const redeemedUnder = writes.consumedGrants();
  if (await writeOidcRequest(deps.db, writes.take())) return;
  if (ctx.oidc?.route !== 'token') throw new Error('a record this request used up was used up by another');
  const { meta } = currentOidcRequest(ctx);
  await inTransaction(deps.db, async (tx) => {
    await endAccessIn(
      deps,
      tx,
      redeemedUnder.map((grantId) => ({ kind: 'grant' as const, grantId })),
    );
    await insertAudit(tx, grantReusedEntry(ctx, { at: deps.clock.now(), ip: meta.ip, userAgent: meta.userAgent }));
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
  provider.use(async (koaContext, next) => {
    await next();
    const ctx = koaContext as KoaContextWithOIDC;
    const { writes } = currentOidcRequest(ctx);
    if (!writes) return;
    await auditOutcome(deps, ctx, writes);
    await writeRequest(deps, ctx, writes);
  });
  return provider;
}

/** The library is built with the signing keys of the moment, and again when they rotate. */
export function createOidcProvider(deps: OidcProviderDeps): OidcProvider {
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
      const writes = new OidcRequestWrites();
      handOverWith(req, { ...request, writes });
      await (callback(req, res) as Promise<void>);
      // Written after the answer only if the library wrote past its own middleware (it does not today).
      await writeOidcRequest(deps.db, writes.take());
    },
    // An interaction is read and written outside the library's request handling: no hook of ours needs the request there.
    async interactionDetails(req, res) {
      return (await provider()).interactionDetails(req, res);
    },
    async interactionFinished(req, res, result) {
      await (await provider()).interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    },
    async interactionResult(req, res, result) {
      await (await provider()).interactionResult(req, res, result, { mergeWithLastSubmission: false });
    },
  };
}
