import type { DbClient } from '../db/pool.ts';

/** One stored object of the OpenID Provider library: a code, token, grant, session or interaction. */
export interface OidcPayloadRow {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  grantId: string | null;
  uid: string | null;
  clientId: string | null;
  accountId: string | null;
  expiresAt: Date | null;
}

export async function upsertOidcPayload(db: DbClient, row: OidcPayloadRow): Promise<void> {
  await db.query(
    `INSERT INTO oidc_payloads (model, id, payload, grant_id, uid, client_id, account_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
       client_id = EXCLUDED.client_id, account_id = EXCLUDED.account_id, expires_at = EXCLUDED.expires_at`,
    [row.model, row.id, row.payload, row.grantId, row.uid, row.clientId, row.accountId, row.expiresAt],
  );
}

/** The payload, with `consumed` set once it was used; none when missing or expired. */
export async function findOidcPayload(
  db: DbClient,
  model: string,
  where: { id: string } | { uid: string },
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  const [column, value] = 'id' in where ? ['id', where.id] : ['uid', where.uid];
  const { rows } = await db.query<{ payload: Record<string, unknown>; consumed_at: Date | null }>(
    `SELECT payload, consumed_at FROM oidc_payloads
     WHERE model = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > $3)`,
    [model, value, now],
  );
  const row = rows[0];
  if (!row) return undefined;
  return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
}

/**
 * One of these models' records under `id` (a token is one kind or another): which, and its payload;
 * none when missing or expired, or when the grant it was issued under has ended (a token written
 * while its grant ended is no token).
 */
export async function findOidcPayloadOfModels(
  db: DbClient,
  models: readonly string[],
  id: string,
  now: Date,
): Promise<{ model: string; payload: Record<string, unknown>; consumed: boolean } | undefined> {
  const { rows } = await db.query<{ model: string; payload: Record<string, unknown>; consumed: boolean }>(
    `SELECT p.model, p.payload, p.consumed_at IS NOT NULL AS consumed FROM oidc_payloads p
     WHERE p.model = ANY($1) AND p.id = $2 AND (p.expires_at IS NULL OR p.expires_at > $3)
       AND (p.grant_id IS NULL OR EXISTS (SELECT 1 FROM oidc_payloads g WHERE g.model = 'Grant' AND g.id = p.grant_id
                                           AND (g.expires_at IS NULL OR g.expires_at > $3)))`,
    [models, id, now],
  );
  return rows[0];
}

/** A device code by its id or its user code, expired or not (with `consumed` once redeemed). */
export async function findOidcDeviceCode(
  db: DbClient,
  where: { id: string } | { userCode: string },
): Promise<Record<string, unknown> | undefined> {
  const [condition, value] = 'id' in where ? ['id = $1', where.id] : ["payload ->> 'userCode' = $1", where.userCode];
  const { rows } = await db.query<{ payload: Record<string, unknown>; consumed_at: Date | null }>(
    `SELECT payload, consumed_at FROM oidc_payloads WHERE model = 'DeviceCode' AND ${condition}`,
    [value],
  );
  const row = rows[0];
  if (!row) return undefined;
  return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
}

export async function consumeOidcPayload(db: DbClient, model: string, id: string, now: Date): Promise<void> {
  await db.query('UPDATE oidc_payloads SET consumed_at = $3 WHERE model = $1 AND id = $2', [model, id, now]);
}

export async function destroyOidcPayload(db: DbClient, model: string, id: string): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [model, id]);
  return rowCount ?? 0;
}

/** Everything one grant issued (codes, tokens, the grant itself). */
export async function destroyOidcGrant(db: DbClient, grantId: string): Promise<number> {
  const { rowCount } = await db.query("DELETE FROM oidc_payloads WHERE grant_id = $1 OR (model = 'Grant' AND id = $1)", [grantId]);
  return rowCount ?? 0;
}

/**
 * Ends every grant an app holds (the grants, their codes and tokens), or one player's on it
 * (`userId`): how many records went, and the players whose grant ended (by user id).
 */
export async function endOidcGrants(db: DbClient, clientId: string, userId?: string): Promise<{ records: number; userIds: string[] }> {
  const { rows } = await db.query<{ model: string; user_id: string | null }>(
    `WITH grants AS (
       SELECT id FROM oidc_payloads
       WHERE model = 'Grant' AND client_id = $1
         AND ($2::uuid IS NULL OR account_id = (SELECT uid FROM users WHERE id = $2))),
     ended AS (
       DELETE FROM oidc_payloads
       WHERE grant_id IN (SELECT id FROM grants) OR (model = 'Grant' AND id IN (SELECT id FROM grants))
       RETURNING model, account_id)
     SELECT e.model, u.id AS user_id FROM ended e LEFT JOIN users u ON u.uid = e.account_id`,
    [clientId, userId ?? null],
  );
  const userIds = rows.filter((r) => r.model === 'Grant' && r.user_id).map((r) => r.user_id!);
  return { records: rows.length, userIds: [...new Set(userIds)] };
}

/** Ends the tokens an app's machine client holds (client credentials: no grant, no player). */
export async function endMachineTokens(db: DbClient, clientId: string): Promise<number> {
  const { rowCount } = await db.query("DELETE FROM oidc_payloads WHERE model = 'ClientCredentials' AND client_id = $1", [clientId]);
  return rowCount ?? 0;
}

/**
 * Ended portal sessions: the library's sessions of the player end, and with them what was issued
 * to last only as long as the session (everything but offline_access refresh tokens), every code
 * not yet redeemed, and every device code the player allowed in them that its device has not yet
 * redeemed (offline_access or not: nothing was issued yet). All of the player's sessions, or those
 * with these SIDs (the id_token's `sid` is the portal session's). Answers how many records went.
 */
export async function endOidcSessionsOf(db: DbClient, userId: string, sids?: readonly string[]): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM oidc_payloads
     WHERE account_id = (SELECT uid FROM users WHERE id = $1)
       AND CASE WHEN model = 'Session'
             THEN $2::text[] IS NULL OR EXISTS (SELECT 1 FROM jsonb_each(COALESCE(payload->'authorizations', '{}')) a
                                                WHERE a.value->>'sid' = ANY($2))
             ELSE (model = 'AuthorizationCode' OR (model = 'DeviceCode' AND consumed_at IS NULL)
                   OR payload->>'expiresWithSession' = 'true')
                  AND ($2::text[] IS NULL OR payload->>'sid' = ANY($2))
           END`,
    [userId, sids ?? null],
  );
  return rowCount ?? 0;
}

export async function deleteExpiredOidcPayloads(db: DbClient, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM oidc_payloads WHERE expires_at <= $1', [now]);
  return rowCount ?? 0;
}
