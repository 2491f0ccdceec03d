import { adminGroups, manageGroups } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import type { GroupScope } from './group-scope.ts';
import { refreshGroups } from './list-groups.ts';

/** Takes a player out of a group an admin keeps: what its rules gave them ends at once. */
export async function removeMember({ scope, groupId, userId }: { scope: GroupScope; groupId: string; userId: string }): Promise<void> {
  const endpoint = scope === 'admin' ? adminGroups.removeMember : manageGroups.removeMember;
  await callEndpoint(endpoint, { params: { id: groupId, userId } });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => refreshGroups(queryClient) });
}
