import type { ManagedGroup, PendingRequest } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { listManagedGroups, managedGroupIds } from './queries/managers.ts';
import { pendingRequests } from './group-requests.ts';

/** The groups the player manages, with members, requests waiting and the apps their rules name. */
export function managedGroups(deps: Pick<Deps, 'db'>, userId: string): Promise<ManagedGroup[]> {
  return listManagedGroups(deps.db, userId);
}

/** The requests waiting in the groups the player manages, oldest first. */
export async function managedRequests(deps: Pick<Deps, 'db'>, userId: string): Promise<PendingRequest[]> {
  return pendingRequests(deps, await managedGroupIds(deps.db, userId));
}

/** How many groups the player manages (the user menu's Manage). */
export async function countManagedGroups(deps: Pick<Deps, 'db'>, userId: string): Promise<number> {
  return (await managedGroupIds(deps.db, userId)).length;
}
