import type { DbClient } from '../db/pool.ts';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: boolean;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, user_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at, last_used_at';

export async function listPasskeys(db: DbClient, userId: string): Promise<PasskeyRow[]> {
  const { rows } = await db.query<PasskeyRow>(`SELECT ${COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
  return rows;
}

export async function findPasskeyByCredentialId(db: DbClient, credentialId: string): Promise<PasskeyRow | null> {
  const { rows } = await db.query<PasskeyRow>(`SELECT ${COLUMNS} FROM passkeys WHERE credential_id = $1`, [credentialId]);
  return rows[0] ?? null;
}

/** Stores a new passkey; null when its credential is already registered (to anyone). */
export async function insertPasskey(
  db: DbClient,
  p: {
    userId: string;
    credentialId: string;
    publicKey: Uint8Array;
    counter: number;
    transports: string[];
    deviceType: PasskeyRow['device_type'];
    backedUp: boolean;
    name: string;
    now: Date;
  },
): Promise<PasskeyRow | null> {
  const { rows } = await db.query<PasskeyRow>(
    `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (credential_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [p.userId, p.credentialId, Buffer.from(p.publicKey), p.counter, p.transports, p.deviceType, p.backedUp, p.name, p.now],
  );
  return rows[0] ?? null;
}

/**
 * Records a use: the new signature counter, only if it is still the one the check read (two answers
 * racing with the same counter cannot both pass). False when another use got there first.
 */
export async function recordPasskeyUsed(
  db: DbClient,
  id: string,
  use: { readCounter: string; newCounter: number; backedUp: boolean; now: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE passkeys SET counter = $3, backed_up = $4, last_used_at = $5 WHERE id = $1 AND counter = $2',
    [id, use.readCounter, use.newCounter, use.backedUp, use.now],
  );
  return rowCount === 1;
}

/** Deletes one of the user's passkeys; answers it (null when the user has no such passkey). */
export async function deletePasskey(db: DbClient, userId: string, id: string): Promise<PasskeyRow | null> {
  const { rows } = await db.query<PasskeyRow>(`DELETE FROM passkeys WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`, [userId, id]);
  return rows[0] ?? null;
}

export type ChallengePurpose = 'register' | 'sign_in' | 'confirm';

export async function insertChallenge(
  db: DbClient,
  c: { challenge: string; purpose: ChallengePurpose; sessionId: string | null; expiresAt: Date; now: Date },
): Promise<void> {
  // Expired challenges are cleared as new ones are made: the table holds only minutes of them.
  await db.query('DELETE FROM passkey_challenges WHERE expires_at < $1', [c.now]);
  await db.query('INSERT INTO passkey_challenges (challenge, purpose, session_id, expires_at) VALUES ($1, $2, $3, $4)', [
    c.challenge,
    c.purpose,
    c.sessionId,
    c.expiresAt,
  ]);
}

/**
 * Takes a challenge for one use: deleted whether or not it is still valid, so no answer can use it
 * twice. True only when it was made for this purpose (and session) and has not expired.
 */
export async function takeChallenge(
  db: DbClient,
  c: { challenge: string; purpose: ChallengePurpose; sessionId: string | null; now: Date },
): Promise<boolean> {
  const { rows } = await db.query<{ valid: boolean }>(
    `DELETE FROM passkey_challenges WHERE challenge = $1
     RETURNING purpose = $2 AND session_id IS NOT DISTINCT FROM $3 AND expires_at > $4 AS valid`,
    [c.challenge, c.purpose, c.sessionId, c.now],
  );
  return rows[0]?.valid === true;
}
