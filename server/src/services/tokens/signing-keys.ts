import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose';
import { createPrivateKey, sign as signBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import { inTransaction, type DbClient } from '../../db/pool.ts';
import type { Deps, KeySet } from '../../deps.ts';
import { DEFAULT_KEY_POLICY, isPublished, isSigning, needsSuccessor, scheduleKey, type KeyPolicy } from '../../domain/key-schedule.ts';
import { deleteAllSigningKeys, insertSigningKey, listLiveKeys, lockSigningKeys, type SigningKeyRow } from './queries/signing-keys.ts';

/** ES256 signs the portal's own tokens; RS256 is there for OpenID Connect id_tokens, which many apps accept in no other algorithm. */
const SIGNING_ALGS = ['ES256', 'RS256'] as const;
type SigningAlg = (typeof SIGNING_ALGS)[number];
const CACHE_MS = 30_000;
/** How long apps may cache /.well-known/jwks.json: what they may still trust after a key leaves it. */
export const JWKS_MAX_AGE_SECONDS = 300;

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A compact JWS (RFC 7515) signed with ES256 by node:crypto directly: forward auth signs a token
 * on every cache miss, and this costs half the CPU of going through WebCrypto. The signature is
 * r‖s (IEEE P1363), as JWS requires for ECDSA.
 */
function signCompact(encodedHeader: string, payload: JWTPayload, key: KeyObject): string {
  const input = `${encodedHeader}.${base64url(payload)}`;
  return `${input}.${signBytes('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

export function createKeySet(deps: Pick<Deps, 'db' | 'clock' | 'encryptor'>, policy: KeyPolicy = DEFAULT_KEY_POLICY): KeySet {
  let cache: { at: number; rows: SigningKeyRow[] } | null = null;
  const privateKeys = new Map<string, KeyObject>();
  /** Each (kid, typ) header is encoded once. */
  const headers = new Map<string, string>();

  async function rows(): Promise<SigningKeyRow[]> {
    const now = deps.clock.now();
    if (cache && now.getTime() - cache.at < CACHE_MS && cache.rows.some((k) => isSigning(k, now))) return cache.rows;
    cache = { at: now.getTime(), rows: await listLiveKeys(deps.db, now) };
    return cache.rows;
  }

  /** Adds a key per algorithm where one is due (all of them on an empty table), inside the caller's transaction. */
  async function addDueKeys(tx: DbClient, now: Date): Promise<string[]> {
    const live = await listLiveKeys(tx, now);
    const added: string[] = [];
    for (const alg of SIGNING_ALGS) {
      // Each algorithm has its own schedule: a key is followed by a key of the same algorithm.
      const newest = live.find((k) => k.alg === alg) ?? null;
      if (!needsSuccessor(newest, now, policy)) continue;
      const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
      const publicJwk = await exportJWK(publicKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      const times = scheduleKey(now, newest && newest.retires_at > now ? newest.retires_at : now, policy);
      await insertSigningKey(tx, {
        kid,
        alg,
        public_jwk: { ...publicJwk, kid, alg, use: 'sig' },
        private_jwk_enc: deps.encryptor.encrypt(JSON.stringify(await exportJWK(privateKey))),
        ...times,
      });
      added.push(kid);
    }
    return added;
  }

  async function ensure(): Promise<void> {
    await inTransaction(deps.db, async (tx) => {
      await lockSigningKeys(tx);
      await addDueKeys(tx, deps.clock.now());
    });
    cache = null;
  }

  /**
   * The emergency roll: every key, signing, waiting or retired, is deleted (no longer published, so what it
   * signed stops verifying), and new keys sign at once, without the usual lead time.
   */
  async function replaceNow(tx: DbClient): Promise<{ removed: string[]; added: string[] }> {
    await lockSigningKeys(tx);
    const removed = await deleteAllSigningKeys(tx);
    const added = await addDueKeys(tx, deps.clock.now());
    cache = null;
    privateKeys.clear();
    privateJwks.clear();
    headers.clear();
    return { removed, added };
  }

  async function currentRow(alg: SigningAlg): Promise<SigningKeyRow> {
    const now = deps.clock.now();
    const pick = (all: SigningKeyRow[]) => all.find((k) => k.alg === alg && isSigning(k, now));
    let current = pick(await rows());
    if (!current) {
      await ensure();
      current = pick(await rows());
      if (!current) throw new Error(`no ${alg} signing key is active`);
    }
    return current;
  }

  async function signingKey(): Promise<{ kid: string; key: KeyObject }> {
    const current = await currentRow('ES256');
    let key = privateKeys.get(current.kid);
    if (!key) {
      key = createPrivateKey({ key: privateJwk(current) as JsonWebKey, format: 'jwk' });
      privateKeys.set(current.kid, key);
    }
    return { kid: current.kid, key };
  }

  const privateJwks = new Map<string, JWK>();
  function privateJwk(row: SigningKeyRow): JWK {
    let jwk = privateJwks.get(row.kid);
    if (!jwk) {
      jwk = JSON.parse(deps.encryptor.decrypt(row.private_jwk_enc)) as JWK;
      privateJwks.set(row.kid, jwk);
    }
    return jwk;
  }

  return {
    ensure,
    replaceNow,
    async jwks() {
      const now = deps.clock.now();
      return { keys: (await rows()).filter((k) => isPublished(k, now)).map((k) => k.public_jwk) };
    },
    async signingJwks() {
      const current = await Promise.all(SIGNING_ALGS.map(currentRow));
      return current.map((row) => ({ ...privateJwk(row), kid: row.kid, alg: row.alg, use: 'sig' }));
    },
    async sign(payload, typ) {
      const { kid, key } = await signingKey();
      let header = headers.get(`${kid} ${typ}`);
      if (!header) {
        header = base64url({ alg: 'ES256', kid, typ });
        headers.set(`${kid} ${typ}`, header);
      }
      return signCompact(header, payload, key);
    },
  };
}
