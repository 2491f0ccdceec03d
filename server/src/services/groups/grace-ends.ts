import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { forgetLeft, leavingDue, markEndsApplied } from './queries/groups.ts';
import { membershipChangeIn } from './access-follows.ts';
import { recordLeave } from './rosters.ts';

/**
 * Players who left a group while a rule's grace period counted them: when a grace period runs out,
 * what that rule gave them ends (through the one way access ends, audited as the leave was); once
 * the last one has, their membership goes. Run every minute, once across replicas.
 */
export async function applyGraceEnds(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
): Promise<{ applied: number }> {
  const now = deps.clock.now();
  const due = await leavingDue(deps.db, now);
  for (const row of due) {
    await inTransaction(deps.db, async (tx) => {
      const change = { userIds: [row.user_id], groupIds: [row.group_id], before: row.ends_applied_at };
      const { lost } = await membershipChangeIn(deps, tx, change, async () => {
        if (row.last_grace_end.getTime() <= now.getTime()) await forgetLeft(tx, row.group_id, row.user_id);
        else await markEndsApplied(tx, row.group_id, row.user_id, now);
      });
      const ended = lost.get(row.user_id) ?? [];
      if (ended.length) await recordLeave(tx, now, row.user_id, row.group_name, ended, { graceEnded: true });
    });
  }
  return { applied: due.length };
}
