import { adminGroups, type AddedMembers } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { refreshGroups } from './list-groups.ts';

/** Adds players by UID; a UID never seen becomes a user. 409 for a faction, whose members the game keeps. */
export function addMembers({ groupId, uids }: { groupId: string; uids: string[] }): Promise<AddedMembers> {
  return callEndpoint(adminGroups.addMembers, { params: { id: groupId }, body: { uids } });
}

export function useAddMembers() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addMembers, onSuccess: () => refreshGroups(queryClient) });
}
