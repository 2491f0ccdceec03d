import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import type { AccessStatus } from '../../../domain/access.ts';

/**
 * SQL: what an admin recorded for the player `u` on the portal app itself (User App Access, app
 * `portal`): a suspension or revocation there bars them from the community's Discord.
 */
export const PORTAL_STATUS_SQL = `(SELECT x.status FROM user_app_access x JOIN apps a ON a.id = x.app_id
  WHERE x.user_id = u.id AND a.key = '${PORTAL_APP_KEY}')`;

export interface ConnectionRow {
  client_id: string;
  client_secret_enc: string | null;
  bot_token_enc: string | null;
  guild_id: string;
  on_leave: 'remove_roles' | 'kick';
  nickname: string | null;
  reconcile: 'fix' | 'report';
  stopped_reason: string | null;
  refused_roles: string[];
  last_answer_at: Date | null;
  last_error: string | null;
  last_reconcile_at: Date | null;
  last_reconcile_summary: string | null;
  updated_at: Date;
}

export async function findConnection(db: DbClient): Promise<ConnectionRow | null> {
  const { rows } = await db.query<ConnectionRow>('SELECT * FROM discord_connection WHERE id = 1');
  return rows[0] ?? null;
}

interface ConnectionWrite {
  client_id: string;
  client_secret_enc: string | null | undefined;
  bot_token_enc: string | null | undefined;
  guild_id: string;
  on_leave: string;
  nickname: string | null;
  reconcile: string;
}

/** Saves the connection; a secret left undefined keeps the stored one. Saving starts Discord work again. */
export async function saveConnection(db: DbClient, c: ConnectionWrite, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO discord_connection (id, client_id, client_secret_enc, bot_token_enc, guild_id, on_leave, nickname, reconcile, updated_at)
     VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (id) DO UPDATE SET
       client_id = $1,
       client_secret_enc = COALESCE($2, discord_connection.client_secret_enc),
       bot_token_enc = COALESCE($3, discord_connection.bot_token_enc),
       guild_id = $4, on_leave = $5, nickname = $6, reconcile = $7, updated_at = $8,
       stopped_reason = NULL, refused_roles = '{}', last_error = NULL`,
    [c.client_id, c.client_secret_enc ?? null, c.bot_token_enc ?? null, c.guild_id, c.on_leave, c.nickname, c.reconcile, at],
  );
}

export async function deleteConnection(db: DbClient): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM discord_connection WHERE id = 1');
  return (rowCount ?? 0) > 0;
}

/** Discord answered: the screen shows when it last did. */
export async function noteAnswer(db: DbClient, at: Date): Promise<void> {
  await db.query('UPDATE discord_connection SET last_answer_at = $1, last_error = NULL WHERE id = 1', [at]);
}

export async function noteError(db: DbClient, error: string): Promise<void> {
  await db.query('UPDATE discord_connection SET last_error = $1 WHERE id = 1', [error]);
}

/** A bot token Discord refuses stops every Discord call until an admin saves the connection again. */
export async function stopWork(db: DbClient, reason: string): Promise<void> {
  await db.query('UPDATE discord_connection SET stopped_reason = $1, last_error = $1 WHERE id = 1', [reason]);
}

/** Discord refused (50013) to let the bot give or take these roles: changes to them stop. */
export async function noteRefusedRoles(db: DbClient, roleIds: readonly string[]): Promise<void> {
  await db.query(`UPDATE discord_connection SET refused_roles = ARRAY(SELECT DISTINCT unnest(refused_roles || $1::text[])) WHERE id = 1`, [
    roleIds,
  ]);
}

export interface RoleRuleRow {
  group_id: string;
  role_id: string;
  role_name: string;
}

export async function findRoleRules(db: DbClient): Promise<RoleRuleRow[]> {
  const { rows } = await db.query<RoleRuleRow>(
    `SELECT r.group_id, r.role_id, r.role_name FROM discord_role_rules r JOIN groups g ON g.id = r.group_id ORDER BY lower(g.name), r.role_id`,
  );
  return rows;
}

export async function replaceRoleRules(db: DbClient, rules: readonly RoleRuleRow[]): Promise<void> {
  await db.query('DELETE FROM discord_role_rules');
  if (rules.length === 0) return;
  await db.query(
    `INSERT INTO discord_role_rules (group_id, role_id, role_name)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
    [rules.map((r) => r.group_id), rules.map((r) => r.role_id), rules.map((r) => r.role_name)],
  );
}

/** Group ids among these that exist. */
export async function existingGroupIds(db: DbClient, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM groups WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

export interface LinkRow {
  user_id: string;
  discord_id: string;
  username: string;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  token_expires_at: Date | null;
  not_in_server: boolean;
}

export async function findLink(db: DbClient, userId: string): Promise<LinkRow | null> {
  const { rows } = await db.query<LinkRow>('SELECT * FROM discord_links WHERE user_id = $1', [userId]);
  return rows[0] ?? null;
}

async function findLinkByDiscordId(db: DbClient, discordId: string): Promise<LinkRow | null> {
  const { rows } = await db.query<LinkRow>('SELECT * FROM discord_links WHERE discord_id = $1', [discordId]);
  return rows[0] ?? null;
}

/** Records a link; false when the Discord account is linked to another character already (the first stays). */
export async function insertLink(db: DbClient, link: Omit<LinkRow, 'not_in_server'>, at: Date): Promise<boolean> {
  const other = await findLinkByDiscordId(db, link.discord_id);
  if (other && other.user_id !== link.user_id) return false;
  const { rowCount } = await db
    .query(
      `INSERT INTO discord_links (user_id, discord_id, username, access_token_enc, refresh_token_enc, token_expires_at, linked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (user_id) DO UPDATE SET discord_id = $2, username = $3, access_token_enc = $4, refresh_token_enc = $5,
       token_expires_at = $6, linked_at = $7, not_in_server = false, last_error = NULL
       WHERE NOT EXISTS (SELECT 1 FROM discord_links o WHERE o.discord_id = $2 AND o.user_id <> $1)`,
      [link.user_id, link.discord_id, link.username, link.access_token_enc, link.refresh_token_enc, link.token_expires_at, at],
    )
    .catch((err: unknown) => {
      // Another character linked the same Discord account at the same moment: the first link stays.
      if ((err as { code?: string }).code === '23505') return { rowCount: 0 };
      throw err;
    });
  return (rowCount ?? 0) > 0;
}

export async function deleteLink(db: DbClient, userId: string): Promise<LinkRow | null> {
  const { rows } = await db.query<LinkRow>('DELETE FROM discord_links WHERE user_id = $1 RETURNING *', [userId]);
  return rows[0] ?? null;
}

export async function markNotInServer(db: DbClient, userId: string, notInServer: boolean): Promise<void> {
  await db.query('UPDATE discord_links SET not_in_server = $2 WHERE user_id = $1', [userId, notInServer]);
}

/** Of these players, those who linked Discord. */
export async function linkedAmong(db: DbClient, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM discord_links WHERE user_id = ANY($1::uuid[])', [userIds]);
  return rows.map((r) => r.user_id);
}

export async function allLinkedUserIds(db: DbClient): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM discord_links ORDER BY linked_at');
  return rows.map((r) => r.user_id);
}

export interface PlayerFacts {
  name: string;
  uid: string;
  /** The faction group the player is in now (the game's name), else none. */
  faction: string | null;
  /** The groups the player is in now (a player who left a faction is out of it for Discord: no grace). */
  group_ids: string[];
  /** What an admin recorded for the player on the portal app (suspended or revoked: no managed role). */
  portal_status: AccessStatus;
}

export async function findPlayerFacts(db: DbClient, userId: string): Promise<PlayerFacts | null> {
  const { rows } = await db.query<PlayerFacts>(
    `SELECT u.name, u.uid,
       (SELECT g.name FROM group_members m JOIN groups g ON g.id = m.group_id
         WHERE m.user_id = u.id AND m.left_at IS NULL AND g.kind = 'faction' ORDER BY g.name LIMIT 1) AS faction,
       ARRAY(SELECT m.group_id::text FROM group_members m WHERE m.user_id = u.id AND m.left_at IS NULL) AS group_ids,
       ${PORTAL_STATUS_SQL} AS portal_status
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function saveLinkState(db: DbClient, stateHash: string, userId: string, sessionId: string, expiresAt: Date): Promise<void> {
  await db.query('DELETE FROM discord_link_states WHERE expires_at < $1', [new Date(expiresAt.getTime() - 3_600_000)]);
  await db.query('INSERT INTO discord_link_states (state_hash, user_id, session_id, expires_at) VALUES ($1, $2, $3, $4)', [
    stateHash,
    userId,
    sessionId,
    expiresAt,
  ]);
}

/** Takes the state once: a second use finds nothing. */
export async function takeLinkState(
  db: DbClient,
  stateHash: string,
): Promise<{ user_id: string; session_id: string; expires_at: Date } | null> {
  const { rows } = await db.query<{ user_id: string; session_id: string; expires_at: Date }>(
    'DELETE FROM discord_link_states WHERE state_hash = $1 RETURNING user_id, session_id, expires_at',
    [stateHash],
  );
  return rows[0] ?? null;
}
