import type { DbClient } from '../../../db/pool.ts';

/** A column of sealed values (AES-256-GCM under ENCRYPTION_KEY), and the key that finds its row. */
interface SealedColumn {
  table: string;
  key: string[];
  column: string;
}

/** Every sealed value the portal keeps. A new `_enc` column is a line here (a test compares this list with the schema). */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'signing_keys', key: ['kid'], column: 'private_jwk_enc' },
  { table: 'swc_tokens', key: ['user_id'], column: 'access_token_enc' },
  { table: 'swc_tokens', key: ['user_id'], column: 'refresh_token_enc' },
  { table: 'swc_bindings', key: ['tenant_id', 'actor'], column: 'access_token_enc' },
  { table: 'swc_bindings', key: ['tenant_id', 'actor'], column: 'refresh_token_enc' },
  { table: 'audit_forwarding', key: ['id'], column: 'secret_enc' },
  { table: 'discord_connection', key: ['id'], column: 'client_secret_enc' },
  { table: 'discord_connection', key: ['id'], column: 'bot_token_enc' },
  { table: 'discord_links', key: ['user_id'], column: 'access_token_enc' },
  { table: 'discord_links', key: ['user_id'], column: 'refresh_token_enc' },
];

interface SealedValue {
  /** The row's key values, in `key` order, as text. */
  key: string[];
  sealed: string;
}

export async function listSealedValues(db: DbClient, c: SealedColumn): Promise<SealedValue[]> {
  const { rows } = await db.query<SealedValue>(
    `SELECT ARRAY[${c.key.map((k) => `${k}::text`).join(', ')}] AS key, ${c.column} AS sealed FROM ${c.table} WHERE ${c.column} IS NOT NULL`,
  );
  return rows;
}

/**
 * Replaces one sealed value, only if it is still the one read: a value rewritten meanwhile (a token
 * refreshed) is already sealed with the current key. Answers whether it was replaced.
 */
export async function replaceSealedValue(db: DbClient, c: SealedColumn, value: SealedValue, resealed: string): Promise<boolean> {
  const where = c.key.map((k, i) => `${k}::text = $${i + 3}`).join(' AND ');
  const res = await db.query(`UPDATE ${c.table} SET ${c.column} = $1 WHERE ${c.column} = $2 AND ${where}`, [
    resealed,
    value.sealed,
    ...value.key,
  ]);
  return (res.rowCount ?? 0) > 0;
}
