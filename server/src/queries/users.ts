import type { DbClient } from '../db/pool.ts';

/** A user who has signed in: SWCombine gave their name then, so it is never null here. */
export interface UserRow {
  id: string;
  uid: string;
  name: string;
  image: string | null;
  race: string | null;
  faction: string | null;
  email: string | null;
  automation_token_enabled: boolean;
}

// A session exists only after a sign-in, which sets the name; the UID stands in for a row without one.
export const USER_COLUMNS = 'id, uid, COALESCE(name, uid) AS name, image, race, faction, email, automation_token_enabled';
const COLUMNS = USER_COLUMNS;

export async function upsertUserFromSwc(
  db: DbClient,
  c: { uid: string; name: string; image: string | null; race: string | null; faction: string | null; factionUid: string | null },
  now: Date,
): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (uid, name, image, race, faction, faction_uid, last_login_at, profile_refreshed_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $7, $6, $6, $6)
     ON CONFLICT (uid) DO UPDATE SET name = $2, image = $3, race = $4, faction = $5, faction_uid = $7, last_login_at = $6,
       profile_refreshed_at = $6, updated_at = $6
     RETURNING ${COLUMNS}`,
    [c.uid, c.name, c.image, c.race, c.faction, now, c.factionUid],
  );
  return rows[0]!;
}

/** A sign-in that kept the stored profile: only the time of the sign-in changes. */
export async function recordSignInWithStoredProfile(db: DbClient, userId: string, now: Date): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(`UPDATE users SET last_login_at = $2, updated_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [
    userId,
    now,
  ]);
  return rows[0]!;
}

/** The user with this SWC UID and when their profile was last read from SWCombine (null: never, or unknown UID). */
export async function findUserProfileByUid(
  db: DbClient,
  uid: string,
): Promise<{ id: string; hasName: boolean; profileRefreshedAt: Date | null } | null> {
  const { rows } = await db.query<{ id: string; has_name: boolean; profile_refreshed_at: Date | null }>(
    'SELECT id, name IS NOT NULL AND name <> $2 AS has_name, profile_refreshed_at FROM users WHERE uid = $1',
    [uid, ''],
  );
  const row = rows[0];
  return row ? { id: row.id, hasName: row.has_name, profileRefreshedAt: row.profile_refreshed_at } : null;
}

export async function findUserById(db: DbClient, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function setAutomationToken(db: DbClient, userId: string, enabled: boolean): Promise<void> {
  await db.query('UPDATE users SET automation_token_enabled = $2, updated_at = now() WHERE id = $1', [userId, enabled]);
}

/** What a faction's member list says of its members: their faction, as their character would name it. */
export async function setFaction(
  db: DbClient,
  userIds: readonly string[],
  faction: { uid: string; name: string } | null,
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await db.query('UPDATE users SET faction = $2, faction_uid = $3, updated_at = $4 WHERE id = ANY($1::uuid[])', [
    userIds,
    faction?.name ?? null,
    faction?.uid ?? null,
    now,
  ]);
}
