import type { Deps } from '../../deps.ts';
import { managerNamesByGroup, managesAnyGroup, managesGroup } from './queries/managers.ts';
import { findRequest, pendingGroupIds } from './queries/requests.ts';

/** Does the player manage any group (the manage folder's guard, the user menu)? */
export function managesAny(deps: Pick<Deps, 'db'>, userId: string): Promise<boolean> {
  return managesAnyGroup(deps.db, userId);
}

/** Does the player manage this group? */
export function manages(deps: Pick<Deps, 'db'>, userId: string, groupId: string): Promise<boolean> {
  return managesGroup(deps.db, userId, groupId);
}

/** Does the player manage the group this request asks to join? False for a request that does not exist. */
export async function managesRequest(deps: Pick<Deps, 'db'>, userId: string, requestId: string): Promise<boolean> {
  const request = await findRequest(deps.db, requestId);
  return request !== null && (await managesGroup(deps.db, userId, request.group_id));
}

/** What "Ask for access" needs: the groups the player already asked to join, and who manages each of these groups. */
export async function askingFacts(
  deps: Pick<Deps, 'db'>,
  userId: string,
  groupIds: readonly string[],
): Promise<{ pending: Set<string>; managers: Map<string, string[]> }> {
  const [pending, managers] = await Promise.all([pendingGroupIds(deps.db, userId), managerNamesByGroup(deps.db, groupIds)]);
  return { pending, managers };
}
