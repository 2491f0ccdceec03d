import { adminGroups, type Group, type GroupInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client.ts';
import { refreshGroups } from './list-groups.ts';

/** Renames or describes a group an admin keeps; 409 for a faction or a name another group has. */
export function updateGroup({ id, input }: { id: string; input: GroupInput }): Promise<Group> {
  return callEndpoint(adminGroups.update, { params: { id }, body: input });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateGroup, onSuccess: () => refreshGroups(queryClient) });
}
