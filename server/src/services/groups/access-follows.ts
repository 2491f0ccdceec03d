import { PORTAL_APP_KEY } from '@portal/contract';
import type { DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { decideAccess } from '../../domain/access.ts';
import { isGlobalAdmin } from '../../domain/admin.ts';
import { findAccessGrid } from '../../queries/access-facts.ts';
import { appsRuledBy } from './queries/groups.ts';
import { endAccess, type AccessEnding, type EndedAccess } from '../access-end/end-access.ts';
import { queueMemberUpdates } from '../discord/member-jobs.ts';

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
    const decision = decideAccess({
      app: row,
      status: row.access_status,
      rules: row.rule_matches,
      isGlobalAdmin: isGlobalAdmin(row.uid, row.portal_roles, deps.config.adminUids),
      now: at,
    });
    if (decision.allowed) pairs.add(`${row.user_id} ${row.app_id}`);
  }
  return pairs;
}

export interface AccessChange {
  /** The players the change may touch; or found in the transaction first (players it may create, say). */
  userIds: readonly string[] | ((tx: DbClient) => Promise<readonly string[]>);
  /** The apps the change may take from them (ids); or found in the transaction first. */
  appIds: readonly string[] | ((tx: DbClient) => Promise<readonly string[]>);
  /** Makes the change, in the transaction. */
  apply(tx: DbClient): Promise<void>;
  /** Writes the change's audit events, knowing what it took from whom and what it opened to whom. */
  audit(tx: DbClient, lost: LostAccess, ended: EndedAccess, gained: GainedAccess): Promise<void>;
  /** Compare the decisions before at this moment (default: now, as after). */
  before?: Date;
}

export interface MembershipChange extends Omit<AccessChange, 'appIds'> {
  /** The groups whose membership (or rules) it changes: only the apps they rule can be lost. */
  groupIds: readonly string[];
}

const inTx = <T>(value: T | ((tx: DbClient) => Promise<T>), tx: DbClient): Promise<T> =>
  typeof value === 'function' ? (value as (tx: DbClient) => Promise<T>)(tx) : Promise.resolve(value);

/**
 * Makes the change in `tx` between two decisions of the one access rule: answers what it took from
 * whom and what it opened to whom (a preview makes it in a transaction rolled back).
 */
export async function decideAround(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: DbClient,
  change: Pick<AccessChange, 'userIds' | 'appIds' | 'apply' | 'before'>,
): Promise<{ lost: LostAccess; gained: GainedAccess }> {
  const now = deps.clock.now();
  const appIds = await inTx(change.appIds, tx);
  const userIds = await inTx(change.userIds, tx);
  const before = await admittedPairs(deps, tx, userIds, appIds, change.before ?? now);
  await change.apply(tx);
  const after = await admittedPairs(deps, tx, userIds, appIds, now);
  return { lost: missingFrom(before, after), gained: missingFrom(after, before) };
}

/**
 * Access follows every change of who may use what (a membership, a rule, an app's bypass or
 * global-admin allowance, a central role): the one access rule decides before, the change is made,
 * it decides again, and whatever the change took from a player (an app no other grant, group,
 * bypass or allowance still opens) ends at once through the one way access ends, in the same
 * transaction. A player who gained is admitted at the next request: nothing is cached that would
 * say otherwise (every ending and every change flushes the answers kept).
 */
export async function followAccessChange(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'authCache' | 'queue'>,
  change: AccessChange,
): Promise<{ lost: LostAccess; gained: GainedAccess; ended: EndedAccess }> {
  let decided: { lost: LostAccess; gained: GainedAccess } = { lost: new Map(), gained: new Map() };
  let touched: readonly string[] = [];
  const ended = await endAccess(
    deps,
    async (tx) => {
      touched = await inTx(change.userIds, tx);
      decided = await decideAround(deps, tx, { ...change, userIds: touched });
      return [...decided.lost].map(([userId, ids]): AccessEnding => ({ kind: 'player-apps', userId, appIds: ids }));
    },
    (tx, result) => change.audit(tx, decided.lost, result, decided.gained),
  );
  // The community's Discord follows the same change: each linked player's roles are put right by a job.
  await queueMemberUpdates(deps, touched).catch(() => undefined);
  return { ...decided, ended };
}

/**
 * Access follows membership: a change of who is in which group can take only the apps the groups
 * rule. Nothing lost still changes who is in which group: the forward-auth answers carry the groups.
 */
export function followMembershipChange(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'authCache' | 'queue'>,
  { groupIds, ...change }: MembershipChange,
): Promise<{ lost: LostAccess; gained: GainedAccess; ended: EndedAccess }> {
  return followAccessChange(deps, { ...change, appIds: (tx) => appsRuledBy(tx, groupIds) });
}
