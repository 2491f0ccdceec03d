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
const COLUMNS_OF_B = COLUMNS.replace(/\w+/g, 'b.$&');

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
       connected = true, error = NULL, updated_at = $11, refreshing_until = NULL`,
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

/** A binding claimed by one refresh: the row as it was claimed, and the claim's end. */
export interface ClaimedBinding extends SwcBindingRow {
  refreshing_until: Date;
}

/**
 * Claims connected bindings whose access token expires before `dueBefore` and that no other
 * refresh holds (no claim, or one that ended) and that this run has not tried (`skip`), until
 * `leaseUntil`. One short statement: rows
 * another replica is claiming at the same moment are skipped, so each binding is refreshed once,
 * and no lock is held while SWCombine is called.
 */
export async function claimDueBindings(
  db: DbClient,
  input: { dueBefore: Date; now: Date; leaseUntil: Date; limit: number; skip: readonly string[] },
): Promise<ClaimedBinding[]> {
  const { rows } = await db.query<ClaimedBinding>(
    `UPDATE swc_bindings b SET refreshing_until = $4
     FROM (SELECT tenant_id, actor FROM swc_bindings
           WHERE connected AND expires_at <= $1 AND (refreshing_until IS NULL OR refreshing_until <= $2)
             AND NOT (tenant_id || ' ' || actor = ANY($5::text[]))
           ORDER BY expires_at LIMIT $3 FOR UPDATE SKIP LOCKED) due
     WHERE b.tenant_id = due.tenant_id AND b.actor = due.actor
     RETURNING ${COLUMNS_OF_B}, b.refreshing_until`,
    [input.dueBefore, input.now, input.limit, input.leaseUntil, input.skip],
  );
  return rows;
}

export const bindingId = (key: { tenant_id: string; actor: string }) => `${key.tenant_id} ${key.actor}`;

/**
 * Only the claim's owner writes, and only when the binding is still the one it claimed: a Save &
 * Connect (new grant) or Disconnect meanwhile wins, and the write reports false.
 */
const OWN_CLAIM = 'tenant_id = $1 AND actor = $2 AND updated_at = $3 AND refreshing_until = $4';
const claimParams = (c: ClaimedBinding) => [c.tenant_id, c.actor, c.updated_at, c.refreshing_until];

export async function storeRefreshedTokens(
  db: DbClient,
  claim: ClaimedBinding,
  t: { accessTokenEnc: string; refreshTokenEnc: string | null; scopes: string[]; expiresAt: Date; now: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE swc_bindings SET access_token_enc = $5, refresh_token_enc = COALESCE($6, refresh_token_enc), scopes = $7,
       expires_at = $8, updated_at = $9, refreshing_until = NULL
     WHERE ${OWN_CLAIM}`,
    [...claimParams(claim), t.accessTokenEnc, t.refreshTokenEnc, t.scopes, t.expiresAt, t.now],
  );
  return rowCount === 1;
}

export async function markBindingLost(db: DbClient, claim: ClaimedBinding, error: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE swc_bindings SET connected = false, error = $5, updated_at = $6, refreshing_until = NULL WHERE ${OWN_CLAIM}`,
    [...claimParams(claim), error, now],
  );
  return rowCount === 1;
}

/** SWCombine could not be reached: the binding is free for the next run. */
export async function releaseClaim(db: DbClient, claim: ClaimedBinding): Promise<void> {
  await db.query(`UPDATE swc_bindings SET refreshing_until = NULL WHERE ${OWN_CLAIM}`, claimParams(claim));
}

/** A connected binding whose grant may read its faction's member list. */
export interface RosterBinding {
  tenant_id: string;
  actor: string;
  faction_uid: string;
  faction_name: string | null;
  access_token_enc: string;
}

/** Connected bindings of a faction whose scopes hold `faction_members`, one per faction (the most recently updated). */
export async function listRosterBindings(db: DbClient): Promise<RosterBinding[]> {
  const { rows } = await db.query<RosterBinding>(
    `SELECT DISTINCT ON (faction_uid) tenant_id, actor, faction_uid, faction_name, access_token_enc
     FROM swc_bindings
     WHERE connected AND faction_uid IS NOT NULL AND EXISTS (SELECT 1 FROM unnest(scopes) s WHERE lower(s) = 'faction_members')
     ORDER BY faction_uid, updated_at DESC`,
  );
  return rows;
}
