import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient, Transaction } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { decideFor } from '../../domain/access.ts';
import { isGlobalAdmin } from '../../domain/admin.ts';
import { findAccessGrid } from '../../queries/access-facts.ts';
import { appsRuledBy } from './queries/groups.ts';
import { endAccessIn, type AccessEnding } from '../access-end/end-access.ts';
import { queueMemberUpdatesOnCommit } from '../discord/member-jobs.ts';

/** Per player, the apps a change took from them (ids). */
export type LostAccess = Map<string, string[]>;
/** Per player, the apps a change opened to them (ids). */
export type GainedAccess = Map<string, string[]>;

/** Per player, the pairs of `from` that `to` does not hold. */
function missingFrom(from: ReadonlySet<string>, to: ReadonlySet<string>): Map<string, string[]> {
  const byPlayer = new Map<string, string[]>();
  for (const pair of from) {
    if (to.has(pair)) continue;
    const [userId, appId] = pair.split(' ') as [string, string];
    byPlayer.set(userId, [...(byPlayer.get(userId) ?? []), appId]);
  }
  return byPlayer;
}

/** The (player, app) pairs the one access rule admits at `at`, as "userId appId". */
export async function admittedPairs(
  deps: Pick<Deps, 'config'>,
  tx: DbClient,
  userIds: readonly string[],
  appIds: readonly string[],
  at: Date,
): Promise<Set<string>> {
  const grid = await findAccessGrid(tx, userIds, appIds, PORTAL_APP_KEY);
  const pairs = new Set<string>();
  for (const row of grid) {
    const decision = decideFor(row, row, isGlobalAdmin(row.uid, row.portal_roles, deps.config.adminUids), at);
    if (decision.allowed) pairs.add(`${row.user_id} ${row.app_id}`);
  }
  return pairs;
}

export interface AccessChange {
  /** The players the change may touch. */
  userIds: readonly string[];
  /** The apps the change may take from them (ids). */
  appIds: readonly string[];
  /** Compare the decisions before at this moment (default: now, as after). */
  before?: Date;
}

export interface MembershipChange extends Omit<AccessChange, 'appIds'> {
  /** The groups whose membership (or rules) it changes: only the apps they rule can be lost. */
  groupIds: readonly string[];
}

/** The change itself, made in the transaction between the two decisions. */
export type ChangeApply = (tx: DbClient) => Promise<void>;

/**
 * Makes the change in `tx` between two decisions of the one access rule: answers what it took from
 * whom and what it opened to whom (a preview makes it in a transaction rolled back).
 */
export async function decideAround(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: DbClient,
  change: AccessChange,
  apply: ChangeApply,
): Promise<{ lost: LostAccess; gained: GainedAccess }> {
  const now = deps.clock.now();
  const before = await admittedPairs(deps, tx, change.userIds, change.appIds, change.before ?? now);
  await apply(tx);
  const after = await admittedPairs(deps, tx, change.userIds, change.appIds, now);
  return { lost: missingFrom(before, after), gained: missingFrom(after, before) };
}

/**
 * Access follows every change of who may use what (a membership, a rule, an app's bypass or
 * global-admin allowance, a central role), as a step of the caller's transaction: the one access
 * rule decides before, `apply` makes the change, it decides again, and whatever the change took
 * from a player (an app no other grant, group, bypass or allowance still opens) ends in the same
 * transaction through the one way access ends. The caller audits afterwards, knowing what was lost
 * and gained. A player who gained is admitted at the next request: once committed, access changed
 * is announced and the Discord roles of every player touched are put right.
 */
export async function accessChangeIn(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  tx: Transaction,
  change: AccessChange,
  apply: ChangeApply,
): Promise<{ lost: LostAccess; gained: GainedAccess }> {
  const decided = await decideAround(deps, tx, change, apply);
  await endAccessIn(
    deps,
    tx,
    [...decided.lost].map(([userId, appIds]): AccessEnding => ({ kind: 'player-apps', userId, appIds })),
  );
  // The community's Discord follows the same change (the end queued those who lost an app already).
  const rest = change.userIds.filter((id) => !decided.lost.has(id));
  queueMemberUpdatesOnCommit(deps, tx, rest);
  return decided;
}

/**
 * Access follows membership: a change of who is in which group can take only the apps the groups
 * rule. Nothing lost still changes who is in which group: the forward-auth answers carry the groups.
 */
export async function membershipChangeIn(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'accessChanged' | 'queue'>,
  tx: Transaction,
  { groupIds, ...change }: MembershipChange,
  apply: ChangeApply,
): Promise<{ lost: LostAccess; gained: GainedAccess }> {
  return accessChangeIn(deps, tx, { ...change, appIds: await appsRuledBy(tx, groupIds) }, apply);
}
