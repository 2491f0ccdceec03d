import { AuditEvent, type MyGroupRequest, type MyGroups } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import { insertAudit } from '../../queries/audit.ts';
import type { Actor } from '../audit.ts';
import { appNames } from './app-names.ts';
import { membershipChangeIn } from './access-follows.ts';
import { deleteMembers, findGroup, listUserGroups } from './queries/groups.ts';
import { listJoinable, listOwnRequests, type RequestRow } from './queries/requests.ts';

/** Answers stay on the player's list this long. */
const ANSWERS_SHOWN_MS = 30 * 86_400_000;

function toMyRequest(row: RequestRow): MyGroupRequest {
  return {
    id: row.id,
    group_id: row.group_id,
    group_name: row.group_name,
    note: row.note,
    status: row.status,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    answered_at: row.answered_at?.toISOString() ?? null,
    reason: row.reason,
    until: row.until?.toISOString() ?? null,
  };
}

/** The player's groups: those they are in, those they may join or ask to join, their pending requests and the answers. */
export async function myGroups(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<MyGroups> {
  const since = new Date(deps.clock.now().getTime() - ANSWERS_SHOWN_MS);
  const [memberships, joinable, requests] = await Promise.all([
    listUserGroups(deps.db, userId),
    listJoinable(deps.db, userId),
    listOwnRequests(deps.db, userId, since),
  ]);
  const descriptions = await Promise.all(memberships.map((m) => findGroup(deps.db, m.id)));
  return {
    member_of: memberships
      .filter((m) => m.left_at === null)
      .map((m, i) => ({
        id: m.id,
        kind: m.kind,
        name: m.name,
        description: descriptions[i]?.description ?? '',
        source: m.source,
        added_at: m.added_at.toISOString(),
        until: m.until?.toISOString() ?? null,
        can_leave: m.kind === 'custom',
      })),
    joinable,
    pending: requests.filter((r) => r.status === 'pending').map(toMyRequest),
    answered: requests.filter((r) => r.status !== 'pending').map(toMyRequest),
  };
}

/** The player leaves a group an admin keeps: what its rules gave them ends through the one way access ends, audited. */
export async function leaveGroup(deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>, player: Actor, groupId: string) {
  const group = await findGroup(deps.db, groupId);
  if (!group) throw new NotFound('No group with this id.');
  if (group.kind === 'faction') throw new Conflict(`${group.name} is a SWCombine faction: you leave it in the game, not here.`);
  await inTransaction(deps.db, async (tx) => {
    const { lost } = await membershipChangeIn(deps, tx, { userIds: [player.userId], groupIds: [groupId] }, async () => {
      if ((await deleteMembers(tx, groupId, [player.userId])).length === 0) throw new NotFound(`You are not in ${group.name}.`);
    });
    await insertAudit(tx, {
      event: AuditEvent.GroupLeft,
      userId: player.userId,
      ip: player.meta.ip,
      userAgent: player.meta.userAgent,
      at: deps.clock.now(),
      details: { group: group.name, group_id: groupId, apps_ended: await appNames(tx, lost.get(player.userId) ?? []), by_player: true },
    });
  });
}
