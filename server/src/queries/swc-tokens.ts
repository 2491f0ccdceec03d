import type { DbClient } from '../db/pool.ts';

export async function upsertSwcTokens(
  db: DbClient,
  t: { userId: string; accessTokenEnc: string; refreshTokenEnc: string | null; scopes: string[]; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO swc_tokens (user_id, access_token_enc, refresh_token_enc, scopes, expires_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id) DO UPDATE SET access_token_enc = $2,
       refresh_token_enc = COALESCE($3, swc_tokens.refresh_token_enc), scopes = $4, expires_at = $5, updated_at = $6`,
    [t.userId, t.accessTokenEnc, t.refreshTokenEnc, t.scopes, t.expiresAt, t.now],
  );
}
