import type { DbClient } from '../../../db/pool.ts';

export interface SwcTokenRow {
  user_id: string;
  /** Null when the grant is no longer usable (see needs_reauthorization and grant_lost_at). */
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  /** What SWCombine answered as granted, minus any the player revoked here. */
  scopes: string[];
  expires_at: Date;
  needs_reauthorization: string[];
  /** When SWCombine refused the grant (invalid_grant). */
  grant_lost_at: Date | null;
  /** Bumped by every write: a write that read the row stores only if it is unchanged. */
  version: number;
}

/** The version the writer read, or null when it found no row. */
type ExpectedVersion = number | null;

const COLUMN_NAMES = [
  'user_id',
  'access_token_enc',
  'refresh_token_enc',
  'scopes',
  'expires_at',
  'needs_reauthorization',
  'grant_lost_at',
  'version',
];
const COLUMNS = COLUMN_NAMES.join(', ');

export async function findSwcTokens(db: DbClient, userId: string): Promise<SwcTokenRow | null> {
  const { rows } = await db.query<SwcTokenRow>(`SELECT ${COLUMNS} FROM swc_tokens WHERE user_id = $1`, [userId]);
  return rows[0] ?? null;
}

/**
 * Fresh tokens from a live grant: whatever they grant no longer needs re-authorization. Stored
 * only if the row is still at `expected` (false: another request changed it first).
 */
export async function upsertSwcTokens(
  db: DbClient,
  t: {
    userId: string;
    accessTokenEnc: string;
    refreshTokenEnc: string | null;
    scopes: string[];
    expiresAt: Date;
    now: Date;
    expected: ExpectedVersion;
  },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO swc_tokens (user_id, access_token_enc, refresh_token_enc, scopes, expires_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET access_token_enc = $2,
       refresh_token_enc = COALESCE($3, swc_tokens.refresh_token_enc), scopes = $4, expires_at = $5, updated_at = $6,
       grant_lost_at = NULL,
       needs_reauthorization = ARRAY(SELECT unnest(swc_tokens.needs_reauthorization) EXCEPT SELECT unnest($4::text[]) ORDER BY 1),
       version = swc_tokens.version + 1
     WHERE swc_tokens.version = $7`,
    [t.userId, t.accessTokenEnc, t.refreshTokenEnc, t.scopes, t.expiresAt, t.now, t.expected],
  );
  return rowCount === 1;
}

/** The grant is gone (revoked by the portal or refused by SWCombine): no token is kept. Stored only if the row is still at `expected`. */
export async function storeUnusableSwcGrant(
  db: DbClient,
  t: { userId: string; needsReauthorization: string[]; lostAt: Date | null; now: Date; expected: ExpectedVersion },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO swc_tokens (user_id, access_token_enc, refresh_token_enc, scopes, expires_at, updated_at, needs_reauthorization, grant_lost_at)
     VALUES ($1, NULL, NULL, '{}', $4, $4, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET access_token_enc = NULL, refresh_token_enc = NULL, scopes = '{}', expires_at = $4,
       needs_reauthorization = $2, grant_lost_at = $3, updated_at = $4, version = swc_tokens.version + 1
     WHERE swc_tokens.version = $5`,
    [t.userId, t.needsReauthorization, t.lostAt, t.now, t.expected],
  );
  return rowCount === 1;
}
