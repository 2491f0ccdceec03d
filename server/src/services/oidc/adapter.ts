import { PORTAL_APP_KEY } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { inTransaction } from '../../db/pool.ts';
import { clientMetadata } from '../../domain/oidc-client.ts';
import {
  consumeOidcPayload,
  destroyOidcPayload,
  findOidcDeviceCode,
  findOidcPayload,
  findOidcPayloadWithGrantAndSession,
  upsertOidcPayload,
} from '../../queries/oidc-payloads.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { isStorableId } from './ids.ts';
import type { JwtAccessTokenModel } from './library-gaps/jwt-access-token-records.ts';
import { clientApp } from './lookups.ts';
import { oidcRequestInHand } from './request-context.ts';

type Payload = Record<string, unknown>;
/** Redeeming one of these, the library reads its grant and its session next: read with it. */
const REDEEMED = new Set(['AuthorizationCode', 'RefreshToken']);
const byId = (model: string, id: string) => `${model} ${id}`;
const byUid = (model: string, uid: string) => `${model} uid ${uid}`;

/** A record read with another in this request, if it was (undefined: read it; a miss read with it is kept as such). */
function takePrefetched(key: string): { payload: Payload | undefined } | undefined {
  const prefetched = oidcRequestInHand()?.prefetched;
  if (!prefetched?.has(key)) return undefined;
  const payload = prefetched.get(key);
  prefetched.delete(key);
  return { payload };
}

/** The library is about to change a record: a copy read earlier in the request is no longer it. */
function forget(model: string, id: string, payload?: Payload) {
  const prefetched = oidcRequestInHand()?.prefetched;
  if (!prefetched) return;
  prefetched.delete(byId(model, id));
  if (typeof payload?.uid === 'string') prefetched.delete(byUid(model, payload.uid));
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The registered apps are the clients: there is no second registry. */
async function findClient(deps: Pick<Deps, 'db'>, clientId: string): Promise<Payload | undefined> {
  if (clientId === PORTAL_APP_KEY) return undefined;
  const app = await clientApp(deps, clientId);
  if (!app) return undefined;
  const secretHashHex = app.client_secret_hash ? app.client_secret_hash.toString('hex') : null;
  return clientMetadata({ ...app, secretHashHex }) ?? undefined;
}

/**
 * The protocol library's storage (its adapter interface) in PostgreSQL: codes, tokens, grants,
 * sessions and interactions, one row each, so every replica sees them and they outlive a restart.
 */
export function createOidcAdapter(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>) {
  return class PostgresOidcAdapter {
    model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      forget(this.model, id, payload);
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
      // An expired device code is still found: the library tells the player and the device it expired (RFC 8628).
      if (this.model === 'DeviceCode') return findOidcDeviceCode(deps.db, { id });
      const early = takePrefetched(byId(this.model, id));
      if (early) return early.payload;
      const request = oidcRequestInHand();
      if (!request || !REDEEMED.has(this.model)) return findOidcPayload(deps.db, this.model, { id }, deps.clock.now());
      const { found, grant, session } = await findOidcPayloadWithGrantAndSession(deps.db, this.model, id, deps.clock.now());
      request.prefetched ??= new Map();
      if (typeof found?.grantId === 'string') request.prefetched.set(byId('Grant', found.grantId), grant);
      if (typeof found?.sessionUid === 'string') request.prefetched.set(byUid('Session', found.sessionUid), session);
      return found;
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      if (!isStorableId(uid)) return undefined;
      const early = takePrefetched(byUid(this.model, uid));
      if (early) return early.payload;
      return findOidcPayload(deps.db, this.model, { uid }, deps.clock.now());
    }

    /** The device code a player typed the user code of (already normalized by the library). */
    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      if (!/^[A-Z0-9]{1,64}$/.test(userCode)) return undefined;
      return findOidcDeviceCode(deps.db, { userCode });
    }

    async consume(id: string): Promise<void> {
      forget(this.model, id);
      await consumeOidcPayload(deps.db, this.model, id, deps.clock.now());
    }

    async destroy(id: string): Promise<void> {
      forget(this.model, id);
      await destroyOidcPayload(deps.db, this.model, id);
    }

    /** A replayed code or refresh token, or a revoked refresh token: the grant ends as every access ends. */
    async revokeByGrantId(grantId: string): Promise<void> {
      oidcRequestInHand()?.prefetched?.clear();
      await inTransaction(deps.db, (tx) => endAccessIn(deps, tx, [{ kind: 'grant', grantId }]));
    }
  };
}

/** Keeps the record of a JWT access token under its jti (library-gaps/jwt-access-token-records.ts). */
export async function recordJwtAccessToken(
  deps: Pick<Deps, 'db'>,
  model: JwtAccessTokenModel,
  token: Record<string, unknown>,
  exp: number,
): Promise<void> {
  await upsertOidcPayload(deps.db, {
    model,
    id: String(token.jti),
    payload: { ...token, exp },
    grantId: text(token.grantId),
    uid: null,
    clientId: text(token.clientId),
    accountId: text(token.accountId),
    expiresAt: new Date(exp * 1000),
  });
}
