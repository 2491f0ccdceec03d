import { adminGroups } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { refreshGroups } from './list-groups.ts';

/** Takes a player out of a group an admin keeps: what its rules gave them ends at once. */
export async function removeMember({ groupId, userId }: { groupId: string; userId: string }): Promise<void> {
  await callEndpoint(adminGroups.removeMember, { params: { id: groupId, userId } });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => refreshGroups(queryClient) });
}
