import type { JWK } from 'jose';
import type { DbClient } from '../../../db/pool.ts';

export interface SigningKeyRow {
  kid: string;
  alg: string;
  public_jwk: JWK;
  private_jwk_enc: string;
  created_at: Date;
  activates_at: Date;
  retires_at: Date;
  expires_at: Date;
}

export async function listLiveKeys(db: DbClient, now: Date): Promise<SigningKeyRow[]> {
  const { rows } = await db.query<SigningKeyRow>('SELECT * FROM signing_keys WHERE expires_at > $1 ORDER BY activates_at DESC', [now]);
  return rows;
}

export async function insertSigningKey(db: DbClient, k: SigningKeyRow): Promise<void> {
  await db.query(
    `INSERT INTO signing_keys (kid, alg, public_jwk, private_jwk_enc, created_at, activates_at, retires_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [k.kid, k.alg, k.public_jwk, k.private_jwk_enc, k.created_at, k.activates_at, k.retires_at, k.expires_at],
  );
}

/** Deletes every signing key; answers their kids, sorted. */
export async function deleteAllSigningKeys(db: DbClient): Promise<string[]> {
  const { rows } = await db.query<{ kid: string }>('DELETE FROM signing_keys RETURNING kid');
  return rows.map((r) => r.kid).sort();
}

/** Serialises key creation across replicas for the rest of the transaction. */
export async function lockSigningKeys(db: DbClient): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('signing_keys'))");
}
