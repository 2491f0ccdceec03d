import type { SwcBindingActor } from '@portal/contract';
import type { DbClient } from '../db/pool.ts';

export interface BindingKey {
  tenantId: string;
  actor: SwcBindingActor;
}

export interface SwcBindingRow {
  tenant_id: string;
  actor: SwcBindingActor;
  access_token_enc: string;
  refresh_token_enc: string | null;
  scopes: string[];
  authorized_by_uid: string;
  authorized_by_name: string | null;
  faction_uid: string | null;
  faction_name: string | null;
  expires_at: Date;
  connected: boolean;
  error: string | null;
  updated_at: Date;
}

const COLUMNS = `tenant_id, actor, access_token_enc, refresh_token_enc, scopes, authorized_by_uid, authorized_by_name,
  faction_uid, faction_name, expires_at, connected, error, updated_at`;

export async function findBinding(db: DbClient, key: BindingKey): Promise<SwcBindingRow | null> {
  const { rows } = await db.query<SwcBindingRow>(`SELECT ${COLUMNS} FROM swc_bindings WHERE tenant_id = $1 AND actor = $2`, [
    key.tenantId,
    key.actor,
  ]);
  return rows[0] ?? null;
}

/** A new grant replaces whatever the tenant and actor held before, connected again. */
export async function upsertBinding(
  db: DbClient,
  b: BindingKey & {
    accessTokenEnc: string;
    refreshTokenEnc: string | null;
    scopes: string[];
    authorizedBy: { uid: string; name: string | null };
    faction: { uid: string; name: string } | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO swc_bindings (tenant_id, actor, access_token_enc, refresh_token_enc, scopes, authorized_by_uid,
       authorized_by_name, faction_uid, faction_name, expires_at, connected, error, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true, NULL, $11)
     ON CONFLICT (tenant_id, actor) DO UPDATE SET access_token_enc = $3, refresh_token_enc = $4, scopes = $5,
       authorized_by_uid = $6, authorized_by_name = $7, faction_uid = $8, faction_name = $9, expires_at = $10,
       connected = true, error = NULL, updated_at = $11`,
    [
      b.tenantId,
      b.actor,
      b.accessTokenEnc,
      b.refreshTokenEnc,
      b.scopes,
      b.authorizedBy.uid,
      b.authorizedBy.name,
      b.faction?.uid ?? null,
      b.faction?.name ?? null,
      b.expiresAt,
      b.now,
    ],
  );
}

export async function deleteBinding(db: DbClient, key: BindingKey): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM swc_bindings WHERE tenant_id = $1 AND actor = $2', [key.tenantId, key.actor]);
  return (rowCount ?? 0) > 0;
}

/**
 * Connected bindings whose access token expires before `dueBefore`, locked for this transaction;
 * rows another replica holds are skipped, so each binding is refreshed once.
 */
export async function lockDueBindings(
  db: DbClient,
  input: { dueBefore: Date; limit: number; skip: readonly string[] },
): Promise<SwcBindingRow[]> {
  const { rows } = await db.query<SwcBindingRow>(
    `SELECT ${COLUMNS} FROM swc_bindings
     WHERE connected AND expires_at <= $1 AND NOT (tenant_id || ' ' || actor = ANY($3::text[]))
     ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [input.dueBefore, input.limit, input.skip],
  );
  return rows;
}

export const bindingId = (key: { tenant_id: string; actor: string }) => `${key.tenant_id} ${key.actor}`;

export async function storeRefreshedTokens(
  db: DbClient,
  key: BindingKey,
  t: { accessTokenEnc: string; refreshTokenEnc: string | null; scopes: string[]; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE swc_bindings SET access_token_enc = $3, refresh_token_enc = COALESCE($4, refresh_token_enc), scopes = $5,
       expires_at = $6, updated_at = $7
     WHERE tenant_id = $1 AND actor = $2`,
    [key.tenantId, key.actor, t.accessTokenEnc, t.refreshTokenEnc, t.scopes, t.expiresAt, t.now],
  );
}

export async function markBindingLost(db: DbClient, key: BindingKey, error: string, now: Date): Promise<void> {
  await db.query('UPDATE swc_bindings SET connected = false, error = $3, updated_at = $4 WHERE tenant_id = $1 AND actor = $2', [
    key.tenantId,
    key.actor,
    error,
    now,
  ]);
}
