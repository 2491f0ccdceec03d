import { PORTAL_APP_KEY } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { clientMetadata } from '../../domain/oidc-client.ts';
import { verifyPortalAccessToken } from '../tokens/portal-jwt.ts';
import { consumeOidcPayload, destroyOidcPayload, findOidcPayload, upsertOidcPayload } from '../../queries/oidc-payloads.ts';
import { endAccess } from '../access-end/end-access.ts';
import { tooManyFailures } from './client-failures.ts';
import { clientApp } from './lookups.ts';
import { currentOidcRequest } from './request-context.ts';

type Payload = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The registered apps are the clients: there is no second registry. */
async function findClient(deps: Pick<Deps, 'db'>, clientId: string): Promise<Payload | undefined> {
  if (clientId === PORTAL_APP_KEY || !isStorableId(clientId)) return undefined;
  const wait = await currentOidcRequest().clientAuthWait?.(clientId);
  if (wait) throw tooManyFailures(wait);
  const app = await clientApp(deps, clientId);
  if (!app) return undefined;
  const method = currentOidcRequest().basicAuth ? 'client_secret_basic' : 'client_secret_post';
  return (
    clientMetadata({ ...app, secretHashHex: app.client_secret_hash ? app.client_secret_hash.toString('hex') : null }, method) ?? undefined
  );
}

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
/** Every id the library makes is printable ASCII; anything else (from a cookie, a token, a request) names nothing. */
export const isStorableId = (id: unknown): id is string => typeof id === 'string' && /^[\x21-\x7e]{1,8192}$/.test(id);

/**
 * Access tokens are JWTs (RFC 9068) stored under their jti, while the library looks them up by the
 * token itself (introspection, revocation, userinfo): a JWT this portal signed is looked up by its jti.
 */
export async function accessTokenId(deps: Pick<Deps, 'keys' | 'config' | 'clock'>, value: string): Promise<string | null> {
  if (!JWT_SHAPE.test(value)) return value;
  const verified = await verifyPortalAccessToken(deps, value, { requiredClaims: ['jti'] });
  return 'payload' in verified && typeof verified.payload.jti === 'string' ? verified.payload.jti : null;
}

/**
 * The protocol library's storage (its adapter interface) in PostgreSQL: codes, tokens, grants,
 * sessions and interactions, one row each, so every replica sees them and they outlive a restart.
 */
export function createOidcAdapter(deps: Pick<Deps, 'db' | 'clock' | 'keys' | 'config' | 'authCache' | 'queue'>) {
  return class PostgresOidcAdapter {
    model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      await upsertOidcPayload(deps.db, {
        model: this.model,
        id,
        payload,
        grantId: text(payload.grantId),
        uid: text(payload.uid),
        clientId: text(payload.clientId),
        accountId: text(payload.accountId),
        expiresAt: expiresIn ? new Date(deps.clock.now().getTime() + expiresIn * 1000) : null,
      });
    }

    async find(id: string): Promise<Payload | undefined> {
      if (!isStorableId(id)) return undefined;
      if (this.model === 'Client') return findClient(deps, id);
      const key = this.model === 'AccessToken' ? await accessTokenId(deps, id) : id;
      return key ? findOidcPayload(deps.db, this.model, { id: key }, deps.clock.now()) : undefined;
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      if (!isStorableId(uid)) return undefined;
      return findOidcPayload(deps.db, this.model, { uid }, deps.clock.now());
    }

    // Device flow is not offered.
    async findByUserCode(): Promise<undefined> {
      return undefined;
    }

    async consume(id: string): Promise<void> {
      await consumeOidcPayload(deps.db, this.model, id, deps.clock.now());
    }

    async destroy(id: string): Promise<void> {
      await destroyOidcPayload(deps.db, this.model, id);
    }

    /** A replayed code or refresh token, or a revoked refresh token: the grant ends as every access ends. */
    async revokeByGrantId(grantId: string): Promise<void> {
      await endAccess(deps, { kind: 'grant', grantId });
    }
  };
}

/** What the library keeps of an access token; a JWT one it does not store, so the portal does. */
const ACCESS_TOKEN_FIELDS = [
  'iat',
  'jti',
  'kind',
  'gty',
  'grantId',
  'sessionUid',
  'expiresWithSession',
  'accountId',
  'aud',
  'claims',
  'extra',
  'scope',
  'sid',
  'clientId',
] as const;

/**
 * Keeps a record of a JWT access token under its jti, as the library keeps its opaque ones: so
 * introspection answers for it, revocation and sign-out end it, and userinfo checks it.
 */
export async function recordJwtAccessToken(deps: Pick<Deps, 'db' | 'clock'>, token: Record<string, unknown>, exp: number): Promise<void> {
  const payload: Payload = { exp };
  for (const field of ACCESS_TOKEN_FIELDS) if (token[field] !== undefined) payload[field] = token[field];
  await upsertOidcPayload(deps.db, {
    model: 'AccessToken',
    id: String(token.jti),
    payload,
    grantId: text(token.grantId),
    uid: null,
    clientId: text(token.clientId),
    accountId: text(token.accountId),
    expiresAt: new Date(exp * 1000),
  });
}
