import { AuditEvent, type GroupManager } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { auditAdmin, type Actor } from '../audit.ts';
import { mustBeKept } from './admin-groups.ts';
import { ensureUsers } from './queries/groups.ts';
import { listManagers, replaceManagers } from './queries/managers.ts';

export async function groupManagers(deps: Pick<Deps, 'db'>, groupId: string): Promise<GroupManager[]> {
  await mustBeKept(deps.db, groupId);
  return listManagers(deps.db, groupId);
}

/**
 * Makes exactly these players the group's managers (a UID never seen becomes a user, as in the members call). A
 * faction is the game's: it has no managers. Audited with who was added and who removed.
 */
export async function setGroupManagers(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  groupId: string,
  uids: readonly string[],
): Promise<GroupManager[]> {
  const unique = [...new Set(uids)];
  return inTransaction(deps.db, async (tx) => {
    const group = await mustBeKept(tx, groupId);
    const { ids, created } = await ensureUsers(
      tx,
      unique.map((uid) => ({ uid })),
    );
    const { added, removed } = await replaceManagers(tx, groupId, [...ids.values()], deps.clock.now());
    if (added.length || removed.length) {
      await auditAdmin(deps, tx, actor, AuditEvent.GroupManagersSet, {
        details: { group: group.name, group_id: groupId, uids: unique, added: added.length, removed: removed.length, new_users: created },
      });
    }
    return listManagers(tx, groupId);
  });
}
