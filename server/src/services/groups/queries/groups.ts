import type { GroupJoining, GroupKind, MembershipSource } from '@portal/contract';
import type { DbClient } from '../../../db/pool.ts';
import { sentNameSql } from '../../../queries/access-facts.ts';

export interface GroupRow {
  id: string;
  kind: GroupKind;
  name: string;
  description: string;
  faction_uid: string | null;
  roster_read_at: Date | null;
  roster_error: string | null;
  roster_finished_at: Date | null;
  created_at: Date;
  /** Players in the group now (not those who left and only a grace period still counts). */
  member_count: number;
  /** Apps whose access rules name the group. */
  app_count: number;
  /** Every app is told of the group, not only those whose rules name it. */
  shown_to_apps: boolean;
  /** The name apps receive (access-facts.ts). */
  sent_as: string;
  /** How players come in: closed, request or open. */
  joining: GroupJoining;
  /** Players who manage it. */
  manager_count: number;
}

const GROUP = `g.id, g.kind, g.name, g.description, g.faction_uid, g.roster_read_at, g.roster_error, g.roster_finished_at, g.created_at, g.shown_to_apps,
  g.joining, (SELECT count(*)::int FROM group_managers gm WHERE gm.group_id = g.id) AS manager_count,
  ${sentNameSql('g')} AS sent_as,
  (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id AND m.left_at IS NULL) AS member_count,
  (SELECT count(*)::int FROM app_access_rules r WHERE r.group_id = g.id) AS app_count`;

/** Groups an admin keeps first, then factions, each by name. */
export async function listGroups(db: DbClient): Promise<GroupRow[]> {
  const { rows } = await db.query<GroupRow>(`SELECT ${GROUP} FROM groups g ORDER BY g.kind, lower(g.name), g.id`);
  return rows;
}

export async function findGroup(db: DbClient, id: string): Promise<GroupRow | null> {
  const { rows } = await db.query<GroupRow>(`SELECT ${GROUP} FROM groups g WHERE g.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findGroupsByIds(db: DbClient, ids: readonly string[]): Promise<GroupRow[]> {
  const { rows } = await db.query<GroupRow>(`SELECT ${GROUP} FROM groups g WHERE g.id = ANY($1::uuid[])`, [ids]);
  return rows;
}

/** A group an admin keeps; null when another already has the name. */
export async function insertGroup(
  db: DbClient,
  g: { name: string; description: string; joining?: GroupJoining | undefined },
): Promise<GroupRow | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO groups (kind, name, description, joining) VALUES ('custom', $1, $2, $3) ON CONFLICT DO NOTHING RETURNING id`,
    [g.name, g.description, g.joining ?? 'closed'],
  );
  return rows[0] ? findGroup(db, rows[0].id) : null;
}

/** Renames and describes a group; `joining` left out stays as it was. */
export async function updateGroup(
  db: DbClient,
  id: string,
  g: { name: string; description: string; joining?: GroupJoining | undefined },
  now: Date,
): Promise<void> {
  await db.query('UPDATE groups SET name = $2, description = $3, joining = COALESCE($5, joining), updated_at = $4 WHERE id = $1', [
    id,
    g.name,
    g.description,
    now,
    g.joining ?? null,
  ]);
}

/** Shows the group to every app, or only to those whose rules name it; answers whether that changed anything. */
export async function setShownToApps(db: DbClient, id: string, shown: boolean, now: Date): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE groups SET shown_to_apps = $2, updated_at = $3 WHERE id = $1 AND shown_to_apps <> $2', [
    id,
    shown,
    now,
  ]);
  return rowCount === 1;
}

/** The faction group with this name (case aside), if the portal knows one. */
export async function findFactionNamed(db: DbClient, name: string): Promise<{ name: string; faction_uid: string } | null> {
  const { rows } = await db.query<{ name: string; faction_uid: string }>(
    "SELECT name, faction_uid FROM groups WHERE kind = 'faction' AND lower(name) = lower($1) ORDER BY faction_uid LIMIT 1",
    [name],
  );
  return rows[0] ?? null;
}

export async function deleteGroup(db: DbClient, id: string): Promise<void> {
  await db.query('DELETE FROM groups WHERE id = $1', [id]);
}

/** The faction's group, made the first time a member signs in or its roster is read; its name follows the game's. */
export async function upsertFactionGroup(
  db: DbClient,
  factionUid: string,
  name: string,
  now: Date,
): Promise<{ id: string; name: string; readBefore: boolean }> {
  const { rows } = await db.query<{ id: string; name: string; readBefore: boolean }>(
    `INSERT INTO groups (kind, name, faction_uid, created_at, updated_at) VALUES ('faction', $2, $1, $3, $3)
     ON CONFLICT (faction_uid) DO UPDATE SET name = EXCLUDED.name,
       updated_at = CASE WHEN groups.name = EXCLUDED.name THEN groups.updated_at ELSE EXCLUDED.updated_at END
     RETURNING id, name, roster_read_at IS NOT NULL AS "readBefore"`,
    [factionUid, name, now],
  );
  return rows[0]!;
}

interface MemberRow {
  user_id: string;
  uid: string;
  name: string | null;
  source: MembershipSource;
  added_at: Date;
  left_at: Date | null;
  until: Date | null;
}

/** A page of the group's members (and those leaving in a grace period), by name; searched by name or UID. */
export async function listMembers(
  db: DbClient,
  groupId: string,
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: MemberRow[]; total: number }> {
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows } = await db.query<MemberRow & { total: number }>(
    `SELECT u.id AS user_id, u.uid, NULLIF(u.name, '') AS name, m.source, m.added_at, m.left_at, m.until, count(*) OVER ()::int AS total
     FROM group_members m JOIN users u ON u.id = m.user_id
     WHERE m.group_id = $1 AND ($2::text IS NULL OR u.name ILIKE $2 OR u.uid ILIKE $2)
     ORDER BY lower(u.name) NULLS LAST, u.uid LIMIT $3 OFFSET $4`,
    [groupId, pattern, limit, offset],
  );
  if (rows.length === 0 && offset > 0) {
    const { rows: c } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM group_members m JOIN users u ON u.id = m.user_id
       WHERE m.group_id = $1 AND ($2::text IS NULL OR u.name ILIKE $2 OR u.uid ILIKE $2)`,
      [groupId, pattern],
    );
    return { rows: [], total: c[0]!.n };
  }
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

/**
 * Users for these UIDs, added (as Users → Add does) where the portal never saw them; a name is
 * kept for a user who has none yet. Answers each UID's user id and how many were new.
 */
export async function ensureUsers(
  db: DbClient,
  players: readonly { uid: string; name?: string | null }[],
): Promise<{ ids: Map<string, string>; created: number }> {
  const { rows } = await db.query<{ id: string; uid: string; created: boolean }>(
    `WITH given AS (SELECT * FROM unnest($1::text[], $2::text[]) AS p(uid, name)),
     inserted AS (
       INSERT INTO users (uid, name) SELECT uid, NULLIF(name, '') FROM given
       ON CONFLICT (uid) DO UPDATE SET name = COALESCE(NULLIF(users.name, ''), EXCLUDED.name)
       RETURNING id, uid, (xmax = 0) AS created)
     SELECT id, uid, created FROM inserted`,
    [players.map((p) => p.uid), players.map((p) => p.name ?? '')],
  );
  return { ids: new Map(rows.map((r) => [r.uid, r.id])), created: rows.filter((r) => r.created).length };
}

/** Of these UIDs, those SWCombine never named to the portal: no sign-in, on no faction roster it read. */
export async function uidsWithoutName(db: DbClient, uids: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ uid: string }>(
    `SELECT uid FROM users WHERE uid = ANY($1::text[]) AND COALESCE(name, '') = '' ORDER BY array_position($1::text[], uid)`,
    [uids],
  );
  return rows.map((r) => r.uid);
}

/**
 * Adds players (a player who had left comes back); answers those who were not in the group before. `until` ends the
 * memberships it gives then; a player already in keeps theirs as it was.
 */
export async function addMembers(
  db: DbClient,
  groupId: string,
  userIds: readonly string[],
  source: MembershipSource,
  now: Date,
  until: Date | null = null,
): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string; was_in: boolean }>(
    `WITH before AS (SELECT user_id FROM group_members WHERE group_id = $1 AND user_id = ANY($2::uuid[]) AND left_at IS NULL)
     INSERT INTO group_members (group_id, user_id, source, added_at, until)
     SELECT $1, u, $3, $4, $5 FROM unnest($2::uuid[]) AS u
     ON CONFLICT (group_id, user_id) DO UPDATE SET left_at = NULL,
       added_at = CASE WHEN group_members.left_at IS NULL THEN group_members.added_at ELSE EXCLUDED.added_at END,
       source = CASE WHEN group_members.left_at IS NULL THEN group_members.source ELSE EXCLUDED.source END,
       until = CASE WHEN group_members.left_at IS NULL THEN group_members.until ELSE EXCLUDED.until END
     RETURNING user_id, user_id IN (SELECT user_id FROM before) AS was_in`,
    [groupId, userIds, source, now, until],
  );
  return rows.filter((r) => !r.was_in).map((r) => r.user_id);
}

/** Takes players out of the group at once (an admin's removal); answers those who were in it. */
export async function deleteMembers(db: DbClient, groupId: string, userIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    'DELETE FROM group_members WHERE group_id = $1 AND user_id = ANY($2::uuid[]) RETURNING user_id',
    [groupId, userIds],
  );
  return rows.map((r) => r.user_id);
}

/** The game says these players left: a rule's grace period may still count them. Answers those who were members. */
export async function markLeft(db: DbClient, groupId: string, userIds: readonly string[], now: Date): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>(
    `UPDATE group_members SET left_at = $3 WHERE group_id = $1 AND user_id = ANY($2::uuid[]) AND left_at IS NULL RETURNING user_id`,
    [groupId, userIds, now],
  );
  return rows.map((r) => r.user_id);
}

/** The current members (not leaving) of a group, by user id. */
export async function currentMemberIds(db: DbClient, groupId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM group_members WHERE group_id = $1 AND left_at IS NULL', [
    groupId,
  ]);
  return rows.map((r) => r.user_id);
}

/** The UIDs of the group's current members. */
export async function currentMemberUids(db: DbClient, groupId: string): Promise<string[]> {
  const { rows } = await db.query<{ uid: string }>(
    'SELECT u.uid FROM group_members m JOIN users u ON u.id = m.user_id WHERE m.group_id = $1 AND m.left_at IS NULL',
    [groupId],
  );
  return rows.map((r) => r.uid);
}

interface UserGroupRow {
  id: string;
  kind: GroupKind;
  name: string;
  faction_uid: string | null;
  source: MembershipSource;
  added_at: Date;
  left_at: Date | null;
  until: Date | null;
}

/** Every group a player is in, or is leaving in a grace period. */
export async function listUserGroups(db: DbClient, userId: string): Promise<UserGroupRow[]> {
  const { rows } = await db.query<UserGroupRow>(
    `SELECT g.id, g.kind, g.name, g.faction_uid, m.source, m.added_at, m.left_at, m.until
     FROM group_members m JOIN groups g ON g.id = m.group_id WHERE m.user_id = $1
     ORDER BY g.kind, lower(g.name)`,
    [userId],
  );
  return rows;
}

/** The apps whose access rules name any of these groups. */
export async function appsRuledBy(db: DbClient, groupIds: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ app_id: string }>('SELECT DISTINCT app_id FROM app_access_rules WHERE group_id = ANY($1::uuid[])', [
    groupIds,
  ]);
  return rows.map((r) => r.app_id);
}

/** A whole member list was read just now. */
export async function recordRosterRead(db: DbClient, groupId: string, at: Date): Promise<void> {
  await db.query('UPDATE groups SET roster_read_at = $2, roster_error = NULL WHERE id = $1', [groupId, at]);
}

/** Why the last read of the member list failed, in words (the last good read stands); answers whether that is news. */
export async function recordRosterError(db: DbClient, groupId: string, error: string): Promise<boolean> {
  const { rows } = await db.query<{ changed: boolean }>(
    `UPDATE groups g SET roster_error = $2 FROM (SELECT roster_error FROM groups WHERE id = $1 FOR UPDATE) before
     WHERE g.id = $1 RETURNING before.roster_error IS DISTINCT FROM $2 AS changed`,
    [groupId, error],
  );
  return rows[0]?.changed ?? false;
}

/** How long a read may hold a roster before another replica may take it over (a read takes seconds). */
const ROSTER_LEASE_MS = 5 * 60_000;

/**
 * Claims the next read of a faction's member list: when no other read holds it, and (unless
 * `force`d) the last one began before `due`. One replica reads it; the others skip it.
 */
export async function claimRoster(db: DbClient, groupId: string, opts: { due: Date; now: Date; force: boolean }): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE groups SET roster_attempted_at = $2, roster_lease_until = $3
     WHERE id = $1 AND (roster_lease_until IS NULL OR roster_lease_until <= $2)
       AND ($4 OR roster_attempted_at IS NULL OR roster_attempted_at < $5)`,
    [groupId, opts.now, new Date(opts.now.getTime() + ROSTER_LEASE_MS), opts.force, opts.due],
  );
  return (rowCount ?? 0) > 0;
}

export async function releaseRoster(db: DbClient, groupId: string, at: Date): Promise<void> {
  await db.query('UPDATE groups SET roster_lease_until = NULL, roster_finished_at = $2 WHERE id = $1', [groupId, at]);
}

/** The faction groups (other than `except`) these players are in now. */
export async function factionGroupsOfMany(
  db: DbClient,
  userIds: readonly string[],
  except?: string,
): Promise<{ group_id: string; group_name: string; user_id: string }[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<{ group_id: string; group_name: string; user_id: string }>(
    `SELECT g.id AS group_id, g.name AS group_name, m.user_id FROM group_members m JOIN groups g ON g.id = m.group_id
     WHERE m.user_id = ANY($1::uuid[]) AND g.kind = 'faction' AND ($2::uuid IS NULL OR g.id <> $2) AND m.left_at IS NULL`,
    [userIds, except ?? null],
  );
  return rows;
}

/** A leaving player whose rules' grace periods have not all been applied yet. */
interface LeavingRow {
  group_id: string;
  group_name: string;
  user_id: string;
  left_at: Date;
  /** Up to when the ends of grace periods were applied (the leave itself: `left_at`). */
  ends_applied_at: Date;
  /** When the last of the group's rules stops counting the player. */
  last_grace_end: Date;
}

/** Leaving players with a grace period that ran out since it was last applied, or whose row can go. */
export async function leavingDue(db: DbClient, now: Date): Promise<LeavingRow[]> {
  const { rows } = await db.query<LeavingRow>(
    `SELECT * FROM (
       SELECT m.group_id, (SELECT name FROM groups WHERE id = m.group_id) AS group_name, m.user_id, m.left_at,
         COALESCE(m.ends_applied_at, m.left_at) AS ends_applied_at,
         m.left_at + make_interval(hours => COALESCE((SELECT max(r.grace_hours) FROM app_access_rules r
                                                       WHERE r.group_id = m.group_id), 0)) AS last_grace_end
       FROM group_members m WHERE m.left_at IS NOT NULL) l
     WHERE l.last_grace_end <= $1
        OR EXISTS (SELECT 1 FROM app_access_rules r WHERE r.group_id = l.group_id
                   AND l.left_at + make_interval(hours => r.grace_hours) > l.ends_applied_at
                   AND l.left_at + make_interval(hours => r.grace_hours) <= $1)`,
    [now],
  );
  return rows;
}

export async function markEndsApplied(db: DbClient, groupId: string, userId: string, at: Date): Promise<void> {
  await db.query('UPDATE group_members SET ends_applied_at = $3 WHERE group_id = $1 AND user_id = $2', [groupId, userId, at]);
}

/** The row of a player who left, once no rule counts them any more. */
export async function forgetLeft(db: DbClient, groupId: string, userId: string): Promise<void> {
  await db.query('DELETE FROM group_members WHERE group_id = $1 AND user_id = $2 AND left_at IS NOT NULL', [groupId, userId]);
}
