import type { GroupJoining, GroupRequestStatus } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';

export interface RequestRow {
  id: string;
  group_id: string;
  group_name: string;
  user_id: string;
  note: string;
  status: GroupRequestStatus;
  created_at: Date;
  expires_at: Date;
  answered_at: Date | null;
  reason: string | null;
  until: Date | null;
}

const REQUEST = `r.id, r.group_id, g.name AS group_name, r.user_id, r.note, r.status, r.created_at, r.expires_at, r.answered_at,
  r.reason, r.until`;

/** A pending request; null when one is already pending for this player and group. */
export async function insertRequest(
  db: DbClient,
  r: { groupId: string; userId: string; note: string; now: Date; expiresAt: Date },
): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO group_requests (group_id, user_id, note, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (group_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
    [r.groupId, r.userId, r.note, r.now, r.expiresAt],
  );
  return rows[0]?.id ?? null;
}

/** How many requests the player made since `since` (withdrawn ones too): the rate limit. */
export async function countRequestsSince(db: DbClient, userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.query<{ count: number; oldest: Date | null }>(
    'SELECT count(*)::int AS count, min(created_at) AS oldest FROM group_requests WHERE user_id = $1 AND created_at > $2',
    [userId, since],
  );
  return rows[0]!;
}

/**
 * How often the player joined an open group since `since`, and the first of those joins: the rate limit. The audit
 * log's `group_entered` events are the record (a membership row goes when the player leaves; the log keeps a day at least).
 */
export async function countJoinsSince(db: DbClient, userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.query<{ count: number; oldest: Date | null }>(
    `SELECT count(*)::int AS count, min(created_at) AS oldest FROM audit_log
     WHERE user_id = $1 AND event = 'group_entered' AND created_at > $2`,
    [userId, since],
  );
  return rows[0]!;
}

/** The request, locked for its answer. */
export async function lockRequest(db: DbClient, id: string): Promise<RequestRow | null> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST} FROM group_requests r JOIN groups g ON g.id = r.group_id WHERE r.id = $1 FOR UPDATE OF r`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findRequest(db: DbClient, id: string): Promise<RequestRow | null> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST} FROM group_requests r JOIN groups g ON g.id = r.group_id WHERE r.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Writes a pending request's answer. */
export async function answerRequest(
  db: DbClient,
  id: string,
  a: { status: Exclude<GroupRequestStatus, 'pending'>; by: string | null; at: Date; reason?: string | null; until?: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE group_requests SET status = $2, answered_by = $3, answered_at = $4, reason = $5, until = $6 WHERE id = $1 AND status = 'pending'`,
    [id, a.status, a.by, a.at, a.reason ?? null, a.until ?? null],
  );
}

/** Refuses every pending request to the group at once (it closed), with the reason the players read; answers whose. */
export async function refusePending(
  db: DbClient,
  groupId: string,
  a: { by: string; at: Date; reason: string },
): Promise<{ id: string; user_id: string }[]> {
  const { rows } = await db.query<{ id: string; user_id: string }>(
    `UPDATE group_requests SET status = 'denied', answered_by = $2, answered_at = $3, reason = $4
     WHERE group_id = $1 AND status = 'pending' RETURNING id, user_id`,
    [groupId, a.by, a.at, a.reason],
  );
  return rows;
}

/** How a group lets players in, its row locked against a change of joining until the transaction ends. */
export async function lockJoining(db: DbClient, groupId: string): Promise<{ name: string; joining: GroupJoining } | null> {
  const { rows } = await db.query<{ name: string; joining: GroupJoining }>('SELECT name, joining FROM groups WHERE id = $1 FOR SHARE', [
    groupId,
  ]);
  return rows[0] ?? null;
}

export interface PendingRow extends RequestRow {
  uid: string;
  name: string | null;
  faction: string | null;
}

/** The pending requests to these groups, oldest first. */
export async function listPending(db: DbClient, groupIds: readonly string[]): Promise<PendingRow[]> {
  const { rows } = await db.query<PendingRow>(
    `SELECT ${REQUEST}, u.uid, NULLIF(u.name, '') AS name, NULLIF(u.faction, '') AS faction
     FROM group_requests r JOIN groups g ON g.id = r.group_id JOIN users u ON u.id = r.user_id
     WHERE r.group_id = ANY($1::uuid[]) AND r.status = 'pending' ORDER BY r.created_at, r.id`,
    [groupIds],
  );
  return rows;
}

/** The player's pending requests, and those answered since `since`, newest first. */
export async function listOwnRequests(db: DbClient, userId: string, since: Date): Promise<RequestRow[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT ${REQUEST} FROM group_requests r JOIN groups g ON g.id = r.group_id
     WHERE r.user_id = $1 AND (r.status = 'pending' OR (r.status IN ('approved', 'denied', 'expired') AND r.answered_at > $2))
     ORDER BY COALESCE(r.answered_at, r.created_at) DESC, r.id`,
    [userId, since],
  );
  return rows;
}

/** Pending requests no one answered in time, locked, marked expired: answers them. */
export async function expireDue(db: DbClient, now: Date): Promise<RequestRow[]> {
  const { rows } = await db.query<RequestRow>(
    `WITH due AS (SELECT id FROM group_requests WHERE status = 'pending' AND expires_at <= $1 ORDER BY expires_at LIMIT 500
                  FOR UPDATE SKIP LOCKED),
     done AS (UPDATE group_requests r SET status = 'expired', answered_at = $1 FROM due WHERE r.id = due.id RETURNING r.*)
     SELECT r.id, r.group_id, g.name AS group_name, r.user_id, r.note, r.status, r.created_at, r.expires_at, r.answered_at, r.reason, r.until
     FROM done r JOIN groups g ON g.id = r.group_id`,
    [now],
  );
  return rows;
}

/** Groups the player may join (open) or ask to join (request) and is not in, with the apps their rules open. */
export async function listJoinable(
  db: DbClient,
  userId: string,
): Promise<{ id: string; name: string; description: string; joining: GroupJoining; apps: string[] }[]> {
  const { rows } = await db.query<{ id: string; name: string; description: string; joining: GroupJoining; apps: string[] }>(
    `SELECT g.id, g.name, g.description, g.joining,
       COALESCE((SELECT array_agg(a.name ORDER BY lower(a.name)) FROM app_access_rules ar JOIN apps a ON a.id = ar.app_id
                 WHERE ar.group_id = g.id), '{}') AS apps
     FROM groups g
     WHERE g.kind = 'custom' AND g.joining IN ('open', 'request')
       AND NOT EXISTS (SELECT 1 FROM group_members m WHERE m.group_id = g.id AND m.user_id = $1 AND m.left_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM group_requests r WHERE r.group_id = g.id AND r.user_id = $1 AND r.status = 'pending')
     ORDER BY lower(g.name), g.id`,
    [userId],
  );
  return rows;
}

/** The player's memberships whose end date passed: the sweep ends them. */
export async function membershipsEnded(db: DbClient, now: Date): Promise<{ group_id: string; group_name: string; user_id: string }[]> {
  const { rows } = await db.query<{ group_id: string; group_name: string; user_id: string }>(
    `SELECT m.group_id, g.name AS group_name, m.user_id FROM group_members m JOIN groups g ON g.id = m.group_id
     WHERE m.until IS NOT NULL AND m.until <= $1 AND m.left_at IS NULL ORDER BY m.until LIMIT 500`,
    [now],
  );
  return rows;
}

/** Takes the player out of the group if their membership's end date passed; answers whether it did. */
export async function deleteEndedMembership(db: DbClient, groupId: string, userId: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM group_members WHERE group_id = $1 AND user_id = $2 AND until IS NOT NULL AND until <= $3 AND left_at IS NULL',
    [groupId, userId, now],
  );
  return (rowCount ?? 0) > 0;
}

/** The groups the player has a pending request to. */
export async function pendingGroupIds(db: DbClient, userId: string): Promise<Set<string>> {
  const { rows } = await db.query<{ group_id: string }>("SELECT group_id FROM group_requests WHERE user_id = $1 AND status = 'pending'", [
    userId,
  ]);
  return new Set(rows.map((r) => r.group_id));
}
