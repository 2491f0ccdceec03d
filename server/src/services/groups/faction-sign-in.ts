import { inTransaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { addMembers, factionGroupsOfMany, markLeft, upsertFactionGroup } from './queries/groups.ts';
import { membershipChangeIn } from './access-follows.ts';
import { recordLeave } from './rosters.ts';

/**
 * At sign-in the player's character names their faction: its group is theirs from then on, made the
 * first time a member signs in. A faction they were in before they have left: what its rules gave
 * them ends (after a rule's grace period, if it sets one), through the one way access ends.
 */
export async function followFactionAtSignIn(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  userId: string,
  faction: { uid: string | null; name: string | null },
): Promise<void> {
  const now = deps.clock.now();
  const group = faction.uid ? await upsertFactionGroup(deps.db, faction.uid, faction.name ?? faction.uid, now) : null;
  const memberships = await factionGroupsOfMany(deps.db, [userId]);
  const alreadyIn = !group || memberships.some((m) => m.group_id === group.id);
  const before = memberships.filter((m) => m.group_id !== group?.id);
  if (before.length === 0 && alreadyIn) return;
  const groupIds = [...(group ? [group.id] : []), ...before.map((m) => m.group_id)];
  await inTransaction(deps.db, async (tx) => {
    const { lost } = await membershipChangeIn(deps, tx, { userIds: [userId], groupIds }, async () => {
      if (group && !alreadyIn) await addMembers(tx, group.id, [userId], 'sign-in', now);
      for (const m of before) await markLeft(tx, m.group_id, [userId], now);
    });
    // A leave is audited (it may end access); joining the faction a sign-in names is what a sign-in does.
    for (const m of before) await recordLeave(tx, now, userId, m.group_name, lost.get(userId) ?? []);
  });
}
