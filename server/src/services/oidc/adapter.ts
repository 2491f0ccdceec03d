import { PORTAL_APP_KEY } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { inTransaction } from '../../db/pool.ts';
import { clientMetadata } from '../../domain/oidc-client.ts';
import {
  consumeOidcPayload,
  destroyOidcPayload,
  findOidcDeviceCode,
  findOidcPayload,
  upsertOidcPayload,
  type OidcPayloadRow,
} from '../../queries/oidc-payloads.ts';
import { endAccessIn } from '../access-end/end-access.ts';
import { isStorableId } from './ids.ts';
import type { JwtAccessTokenModel } from './library-gaps/jwt-access-token-records.ts';
import { clientApp } from './lookups.ts';
import { findByUidReadAhead, findReadingAhead, forgetReadAhead } from './library-gaps/adapter-prefetch.ts';
import { oidcRequestInHand } from './request-context.ts';

type Payload = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The registered apps are the clients: there is no second registry. */
async function findClient(deps: Pick<Deps, 'db'>, clientId: string): Promise<Payload | undefined> {
  if (clientId === PORTAL_APP_KEY) return undefined;
  const app = await clientApp(deps, clientId);
  if (!app) return undefined;
  const secretHashHex = app.client_secret_hash ? app.client_secret_hash.toString('hex') : null;
  return clientMetadata({ ...app, secretHashHex }) ?? undefined;
}

/** A record written now, or with the rest of the request's writes when the library is handling one (provider.ts). */
async function write(deps: Pick<Deps, 'db'>, row: OidcPayloadRow): Promise<void> {
  const writes = oidcRequestInHand()?.writes;
  if (writes) writes.upsert(row);
  else await upsertOidcPayload(deps.db, row);
}

/**
 * The protocol library's storage (its adapter interface) in PostgreSQL: codes, tokens, grants,
 * sessions and interactions, one row each, so every replica sees them and they outlive a restart.
 * While the library handles a request its writes are held and written together before it answers
 * (request-writes.ts), and its reads are answered from what was read ahead (library-gaps/adapter-prefetch.ts).
 */
export function createOidcAdapter(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>) {
  return class PostgresOidcAdapter {
    model: string;

    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      forgetReadAhead(this.model, id, payload);
      await write(deps, {
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
      const writes = oidcRequestInHand()?.writes;
      const written = writes?.written(this.model, id);
      if (written) return written.payload;
      // An expired device code is still found: the library tells the player and the device it expired (RFC 8628).
      const read = async () =>
        this.model === 'DeviceCode'
          ? findOidcDeviceCode(deps.db, { id })
          : (
              (await findReadingAhead(deps, this.model, id)) ?? {
                payload: await findOidcPayload(deps.db, this.model, { id }, deps.clock.now()),
              }
            ).payload;
      const found = await read();
      return writes ? writes.read(this.model, id, found) : found;
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      if (!isStorableId(uid)) return undefined;
      const written = oidcRequestInHand()?.writes?.writtenByUid(this.model, uid);
      if (written) return written.payload;
      const early = findByUidReadAhead(this.model, uid);
      if (early) return early.payload;
      return findOidcPayload(deps.db, this.model, { uid }, deps.clock.now());
    }

    /** The device code a player typed the user code of (already normalized by the library). */
    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      if (!/^[A-Z0-9]{1,64}$/.test(userCode)) return undefined;
      return findOidcDeviceCode(deps.db, { userCode });
    }

    async consume(id: string): Promise<void> {
      forgetReadAhead(this.model, id);
      const writes = oidcRequestInHand()?.writes;
      if (writes) writes.consume(this.model, id, deps.clock.now());
      else await consumeOidcPayload(deps.db, this.model, id, deps.clock.now());
    }

    async destroy(id: string): Promise<void> {
      forgetReadAhead(this.model, id);
      const writes = oidcRequestInHand()?.writes;
      if (writes) writes.destroy(this.model, id);
      else await destroyOidcPayload(deps.db, this.model, id);
    }

    /** A replayed code or refresh token, or a revoked refresh token: the grant ends as every access ends. */
    async revokeByGrantId(grantId: string): Promise<void> {
      forgetReadAhead();
      oidcRequestInHand()?.writes?.dropGrant(grantId);
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
  await write(deps, {
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
