import { AuditEvent, type AddedMembers, type Group, type GroupInput, type GroupMember, type UserGroup } from '@portal/contract';
import { inTransaction, type DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { Conflict, NotFound, Refused } from '../../lib/errors.ts';
import { userExists } from '../../queries/admin-users.ts';
import {
  addMembers as insertMembers,
  currentMemberIds,
  deleteGroup,
  deleteMembers,
  ensureUsers,
  uidsWithoutName,
  findFactionNamed,
  findGroup,
  insertGroup,
  listGroups as readGroups,
  listMembers,
  listUserGroups,
  setShownToApps,
  updateGroup as writeGroup,
  type GroupRow,
} from './queries/groups.ts';
import { refusePending } from './queries/requests.ts';
import { listRosterBindings } from '../../queries/swc-bindings.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { appNames } from './app-names.ts';
import { tellMembersAdded, tellPlayers } from './players-told.ts';
import { membershipChangeIn } from './access-follows.ts';

const GAME_KEEPS = 'The game keeps this faction’s members: they change when players join or leave it in SWCombine.';

function toGroup(row: GroupRow, readable: ReadonlySet<string>): Group {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    faction_uid: row.faction_uid,
    member_count: row.member_count,
    app_count: row.app_count,
    shown_to_apps: row.shown_to_apps,
    sent_as: row.sent_as,
    roster:
      row.kind === 'faction'
        ? {
            read_at: row.roster_read_at?.toISOString() ?? null,
            error: row.roster_error,
            finished_at: row.roster_finished_at?.toISOString() ?? null,
            readable: readable.has(row.faction_uid!),
          }
        : null,
    joining: row.joining,
    manager_count: row.manager_count,
    created_at: row.created_at.toISOString(),
  };
}

/** Who acts on a group's members: an admin, or a player who manages the group (audited as such). */
type MemberChanger = 'admin' | 'manager';

/** An end date given to memberships must lie ahead. */
export function futureUntil(deps: Pick<Deps, 'clock'>, until: string | undefined): Date | null {
  if (until === undefined) return null;
  const at = new Date(until);
  if (at.getTime() <= deps.clock.now().getTime())
    throw new Refused('invalid', 'until must be in the future: the membership would end at once.');
  return at;
}

async function readableFactions(db: DbClient): Promise<Set<string>> {
  return new Set((await listRosterBindings(db)).map((b) => b.faction_uid));
}

async function mustFind(db: DbClient, id: string): Promise<GroupRow> {
  const group = await findGroup(db, id);
  if (!group) throw new NotFound('No group with this id.');
  return group;
}

/** A group the admin may change: one an admin keeps, not a faction. */
export async function mustBeKept(db: DbClient, id: string): Promise<GroupRow> {
  const group = await mustFind(db, id);
  if (group.kind === 'faction') throw new Conflict(`${group.name} is a SWCombine faction. ${GAME_KEEPS}`);
  return group;
}

const taken = (name: string) => new Conflict(`Another group is already named "${name}".`);

/**
 * Apps must tell a group an admin keeps from a faction by name: one may not take a faction's name (a faction the
 * portal learns of later with a group's name travels with its UID instead, see access-facts.ts).
 */
async function mustNotBeFactionName(db: DbClient, name: string): Promise<void> {
  const faction = await findFactionNamed(db, name);
  if (faction) {
    throw new Refused(
      'invalid',
      `"${name}" is the name of the SWCombine faction ${faction.name} (${faction.faction_uid}): a group an admin keeps needs a name of its own, so that apps can tell the two apart.`,
    );
  }
}

export async function listGroups(deps: Pick<Deps, 'db'>): Promise<Group[]> {
  const [rows, readable] = await Promise.all([readGroups(deps.db), readableFactions(deps.db)]);
  return rows.map((row) => toGroup(row, readable));
}

export async function createGroup(deps: Pick<Deps, 'db' | 'clock'>, actor: Actor, input: GroupInput): Promise<Group> {
  return inTransaction(deps.db, async (tx) => {
    await mustNotBeFactionName(tx, input.name);
    const row = await insertGroup(tx, input);
    if (!row) throw taken(input.name);
    await auditAdmin(deps, tx, actor, AuditEvent.GroupCreated, { details: { group: row.name, group_id: row.id } });
    return toGroup(row, new Set());
  });
}

export async function updateGroup(
  deps: Pick<Deps, 'db' | 'clock' | 'accessChanged'>,
  actor: Actor,
  id: string,
  input: GroupInput,
): Promise<Group> {
  const group = await inTransaction(deps.db, async (tx) => {
    const before = await mustBeKept(tx, id);
    await mustNotBeFactionName(tx, input.name);
    await writeGroup(tx, id, input, deps.clock.now()).catch((err: { code?: string }) => {
      throw err.code === '23505' ? taken(input.name) : err;
    });
    const refused = input.joining === 'closed' ? await refuseWaitingRequests(deps, tx, actor, id, input.name) : 0;
    await auditAdmin(deps, tx, actor, AuditEvent.GroupUpdated, {
      details: {
        group: input.name,
        group_id: id,
        ...(before.name !== input.name ? { renamed_from: before.name } : {}),
        ...(input.joining && input.joining !== before.joining ? { joining: input.joining, joining_was: before.joining } : {}),
        ...(refused ? { requests_refused: refused } : {}),
      },
    });
    tx.afterCommit(() => deps.accessChanged.publish()); // the groups header and claim carry the name
    return (await findGroup(tx, id))!;
  });
  return toGroup(group, new Set());
}

/**
 * A closed group takes no requests: those still waiting when it closes are refused there and then, each audited as a
 * denial whose reason the player reads, so that no manager approves one later. Answers how many.
 */
async function refuseWaitingRequests(deps: Pick<Deps, 'clock'>, tx: DbClient, actor: Actor, id: string, name: string): Promise<number> {
  const reason = `${name} closed: only its managers and the admins add members now.`;
  const refused = await refusePending(tx, id, { by: actor.userId, at: deps.clock.now(), reason });
  for (const request of refused) {
    await auditAdmin(deps, tx, actor, AuditEvent.GroupRequestDenied, {
      userId: request.user_id,
      details: { group: name, group_id: id, request_id: request.id, reason, group_closed: true },
    });
  }
  return refused.length;
}

/**
 * Shows the group to every app (X-Auth-Request-Groups, the groups claim) or, again, only to the apps whose access
 * rules name it. Audited when it changes; a faction may be shown too, as its membership is not the setting.
 */
export async function showGroupToApps(
  deps: Pick<Deps, 'db' | 'clock' | 'accessChanged'>,
  actor: Actor,
  id: string,
  shown: boolean,
): Promise<Group> {
  const group = await inTransaction(deps.db, async (tx) => {
    const before = await mustFind(tx, id);
    if (await setShownToApps(tx, id, shown, deps.clock.now())) {
      const event = shown ? AuditEvent.GroupShownToApps : AuditEvent.GroupHiddenFromApps;
      await auditAdmin(deps, tx, actor, event, { details: { group: before.name, group_id: id } });
    }
    tx.afterCommit(() => deps.accessChanged.publish()); // the groups header and claim list it, or no longer do
    return (await findGroup(tx, id))!;
  });
  return toGroup(group, await readableFactions(deps.db));
}

/** Deleting a group ends what its rules gave its members (unless something else still admits them). */
export async function removeGroup(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  id: string,
): Promise<void> {
  const group = await mustBeKept(deps.db, id);
  const members = await currentMemberIds(deps.db, id);
  await inTransaction(deps.db, async (tx) => {
    const { lost, gained } = await membershipChangeIn(deps, tx, { userIds: members, groupIds: [id] }, () => deleteGroup(tx, id));
    await auditAdmin(deps, tx, actor, AuditEvent.GroupDeleted, {
      details: { group: group.name, group_id: id, members: members.length, players_who_lost_access: lost.size },
    });
    await tellPlayers(deps, tx, actor, { lost, gained }, { cause: 'group_deleted', group: group.name });
  });
}

export async function groupMembers(
  deps: Pick<Deps, 'db'>,
  id: string,
  q: string | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: GroupMember[]; total: number }> {
  await mustFind(deps.db, id);
  const { rows, total } = await listMembers(deps.db, id, q || undefined, limit, offset);
  return {
    rows: rows.map((m) => ({
      ...m,
      added_at: m.added_at.toISOString(),
      left_at: m.left_at?.toISOString() ?? null,
      until: m.until?.toISOString() ?? null,
    })),
    total,
  };
}

/**
 * Adds players by UID; a UID the portal never saw becomes a user, as Users → Add does. Each player
 * added is told, with the apps the group's rules open to them now. `until` ends the memberships it gives then.
 */
export async function addGroupMembers(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  id: string,
  uids: readonly string[],
  { until, by = 'admin' }: { until?: string | undefined; by?: MemberChanger } = {},
): Promise<AddedMembers> {
  const unique = [...new Set(uids)];
  const ends = futureUntil(deps, until);
  return inTransaction(deps.db, async (tx) => {
    const group = await mustBeKept(tx, id);
    // In the change's one transaction: a refused change creates no user either.
    const users = await ensureUsers(
      tx,
      unique.map((uid) => ({ uid })),
    );
    const players = [...users.ids.values()];
    const unnamed = await uidsWithoutName(tx, unique);
    let added: string[] = [];
    const { gained } = await membershipChangeIn(deps, tx, { userIds: players, groupIds: [id] }, async () => {
      added = await insertMembers(tx, id, players, by, deps.clock.now(), ends);
    });
    await auditAdmin(deps, tx, actor, AuditEvent.GroupMembersAdded, {
      details: {
        group: group.name,
        group_id: id,
        added: added.length,
        already: unique.length - added.length,
        new_users: users.created,
        uids: unique.slice(0, 50),
        ...(ends ? { until: ends.toISOString() } : {}),
        ...(by === 'manager' ? { by_manager: true } : {}),
      },
    });
    await tellMembersAdded(deps, tx, actor, group, added, gained, { by, until: ends });
    return { added: added.length, already: unique.length - added.length, new_users: users.created, unknown_to_game: unnamed };
  });
}

/** Takes a player out of a group an admin keeps; what its rules gave them ends at once. */
export async function removeGroupMember(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  actor: Actor,
  id: string,
  userId: string,
  by: MemberChanger = 'admin',
): Promise<void> {
  const group = await mustBeKept(deps.db, id);
  await inTransaction(deps.db, async (tx) => {
    const { lost } = await membershipChangeIn(deps, tx, { userIds: [userId], groupIds: [id] }, async () => {
      if ((await deleteMembers(tx, id, [userId])).length === 0) throw new NotFound(`The player is not in ${group.name}.`);
    });
    await auditAdmin(deps, tx, actor, AuditEvent.GroupMemberRemoved, {
      userId,
      details: {
        group: group.name,
        group_id: id,
        apps_ended: await appNames(tx, lost.get(userId) ?? []),
        ...(by === 'manager' ? { by_manager: true } : {}),
      },
    });
  });
}

export async function userGroups(deps: Pick<Deps, 'db'>, userId: string): Promise<UserGroup[]> {
  if (!(await userExists(deps.db, userId))) throw new NotFound('No user with this id.');
  const rows = await listUserGroups(deps.db, userId);
  return rows.map((g) => ({
    ...g,
    added_at: g.added_at.toISOString(),
    left_at: g.left_at?.toISOString() ?? null,
    until: g.until?.toISOString() ?? null,
  }));
}
