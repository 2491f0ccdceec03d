import { adminGroups, manageGroups, type AddedMembers } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import type { GroupScope } from './group-scope.ts';
import { refreshGroups } from './list-groups.ts';

interface AddMembersCall {
  scope: GroupScope;
  groupId: string;
  uids: string[];
  /** The memberships given end then (ISO 8601); left out: they do not. */
  until?: string | undefined;
}

/** Adds players by UID; a UID never seen becomes a user. 409 for a faction, whose members the game keeps. */
export function addMembers({ scope, groupId, uids, until }: AddMembersCall): Promise<AddedMembers> {
  const endpoint = scope === 'admin' ? adminGroups.addMembers : manageGroups.addMembers;
  return callEndpoint(endpoint, { params: { id: groupId }, body: { uids, ...(until ? { until } : {}) } });
}

export function useAddMembers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addMembers, onSuccess: () => refreshGroups(queryClient) });
}
