import { AuditEvent } from '@portal/contract';
import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { insertAudit } from '../../queries/audit.ts';
import { appNames } from './app-names.ts';
import { membershipChangeIn } from './access-follows.ts';
import { deleteEndedMembership, membershipsEnded } from './queries/requests.ts';

/**
 * Memberships whose end date (an approval's or an add's `until`) passed: the player leaves the group through the one way
 * access follows a group change, audited and told. Run every minute with the grace sweep, once across replicas.
 */
export async function applyMembershipEnds(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
): Promise<{ ended: number }> {
  const now = deps.clock.now();
  const due = await membershipsEnded(deps.db, now);
  let ended = 0;
  for (const row of due) {
    await inTransaction(deps.db, async (tx) => {
      const { lost } = await membershipChangeIn(deps, tx, { userIds: [row.user_id], groupIds: [row.group_id] }, async () => {
        if (await deleteEndedMembership(tx, row.group_id, row.user_id, now)) ended++;
      });
      await insertAudit(tx, {
        event: AuditEvent.GroupMembershipEnded,
        userId: row.user_id,
        at: now,
        details: { group: row.group_name, group_id: row.group_id, apps_ended: await appNames(tx, lost.get(row.user_id) ?? []) },
      });
    });
  }
  return { ended };
}
